import './styles';
import { registerServiceWorker } from './lib/service-worker';
import { holdPrerenderedSignIn } from './prerender/prerendered-sign-in';
import { startOnIntent } from './prerender/start-on-intent';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

/** A task boundary: the browser may paint and handle input before what follows. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const prerendered = holdPrerenderedSignIn();
// The app's code is a chunk of its own, loaded when it starts: on the prerendered sign-in screen,
// at the visitor's first intent (start-on-intent.ts); otherwise at once. Evaluating its modules is
// one task and starting it (the router, React's root) another: in one task, the two held a phone's
// main thread twice as long at a time (issue 16).
startOnIntent(prerendered, () => {
  void import('./app/start').then(async ({ startApp }) => {
    await nextTask();
    await startApp(container, prerendered);
  });
});
registerServiceWorker();
