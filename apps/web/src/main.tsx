import './styles';
import { startApp } from './app/start';
import { registerServiceWorker } from './lib/service-worker';
import { holdPrerenderedSignIn } from './prerender/prerendered-sign-in';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

void startApp(container, holdPrerenderedSignIn());
registerServiceWorker();
