export { UsersPanel } from './components/UsersPanel';
export { UserFormModal } from './components/UserFormModal';
