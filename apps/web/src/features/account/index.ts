export { ProfileForm } from './components/ProfileForm';
export { AccountTabs, isAccountTab, type AccountTab } from './components/AccountTabs';
