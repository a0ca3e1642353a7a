import './styles';
import { registerServiceWorker } from './lib/service-worker';
import { FIRST_SCREEN_ATTRIBUTE, holdPrerenderedSignIn } from './prerender/prerendered-sign-in';
import { startOnIntent } from './prerender/start-on-intent';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

/** A task boundary: the browser may paint and handle input before what follows. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const prerendered = holdPrerenderedSignIn();
// The app's code is a chunk of its own, loaded when it starts: on the prerendered sign-in screen,
// at the visitor's first intent (start-on-intent.ts); otherwise at once. Evaluating its modules and
// starting it (the router, React's root) are separate tasks: in one, they held a phone's main thread
// twice as long at a time (issue 16). For a stored session, whose files index.html already preloads,
// React and the router (the vendor chunk) are evaluated in a task of their own before the app's
// modules; elsewhere asking for them first would wait for the one download before the other.
const loadApp = () => import('./app/start');
const loadReactFirst = () => import('react-dom/client').then(nextTask).then(loadApp);

startOnIntent(prerendered, () => {
  const storedSession = document.documentElement.getAttribute(FIRST_SCREEN_ATTRIBUTE) === 'session';
  void (storedSession ? loadReactFirst() : loadApp()).then(async ({ startApp }) => {
    await nextTask();
    await startApp(container, prerendered);
  });
});
registerServiceWorker();
