export { AlertsBell } from './components/AlertsBell';
