export { ProfileForm } from './components/ProfileForm';
export { AccountTabs, isAccountTab } from './components/AccountTabs';
export { SecurityPanel } from './components/SecurityPanel';
export { NotificationPanel } from './components/NotificationPanel';
export { TeamNotice } from './components/TeamNotice';
