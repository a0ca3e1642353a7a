import './styles';
import { registerServiceWorker } from './lib/service-worker';
import { holdPrerenderedSignIn } from './prerender/prerendered-sign-in';
import { startOnIntent } from './prerender/start-on-intent';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const prerendered = holdPrerenderedSignIn();
// The app's code is a chunk of its own, loaded when it starts: on the prerendered sign-in screen,
// at the visitor's first intent (start-on-intent.ts); otherwise at once.
startOnIntent(prerendered, () => {
  void import('./app/start').then(({ startApp }) => startApp(container, prerendered));
});
registerServiceWorker();
