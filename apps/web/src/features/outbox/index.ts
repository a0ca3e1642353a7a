export { MessagesPanel } from './components/MessagesPanel';
