export { UsersPanel } from './components/UsersPanel';
