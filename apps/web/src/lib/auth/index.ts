export { AuthProvider, useAuth } from './auth-context';
