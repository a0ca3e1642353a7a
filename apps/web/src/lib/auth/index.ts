export { AuthProvider, useAuth, type AuthState } from './auth-context';
export { SESSION_STORAGE_KEY } from './session-storage';
