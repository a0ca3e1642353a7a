import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { MESSAGES, type RouteInput, type SessionUser } from '@fleetfuel/contract';
import type { authRoutes } from '@fleetfuel/contract/routes/auth.routes';
import { ApiError, callApi, errorMessage } from '../api-client';
import { toast } from '../toast';
import { clearSession, readSession, writeSession } from './session-storage';

export interface AuthState {
  user: SessionUser | null;
  token: string | null;
  /** Spec section 4: authenticated only when both the user and the token are there. */
  isAuthenticated: boolean;
  /** True while a stored session is being refreshed from the server, and during sign-in. */
  loading: boolean;
  /** The last auth error's text, or null. */
  error: string | null;
  login: (credentials: RouteInput<typeof authRoutes.login>['body']) => Promise<SessionUser>;
  register: (body: RouteInput<typeof authRoutes.register>['body']) => Promise<void>;
  logout: () => Promise<void>;
  /** Keeps the session's user in step after the person edits its own profile or e-mail. */
  replaceUser: (user: SessionUser) => void;
  /** Takes over a session the server opened for someone else on this device (a station attendant's switch). */
  adoptSession: (session: { token: string; user: SessionUser }) => void;
}

const AuthContext = createContext<AuthState | null>(null);

/**
 * The auth routes, loaded when first called: their zod schemas (and zod) are not needed to show the
 * sign-in form, only to sign in, so the sign-in page does not download them up front (issue 16).
 */
function loadAuthRoutes(): Promise<typeof authRoutes> {
  return import('@fleetfuel/contract/routes/auth.routes').then(
    (module) => module.authRoutes,
    // A download that fails is a connection that failed: said as callApi says it.
    () => {
      throw new ApiError(MESSAGES.apiFailed, 0, 'NETWORK');
    },
  );
}

/** An auth error is shown as a toast, except where a screen asks for silence (sign-in, spec 4). */
function reportAuthError(error: unknown): string {
  const message = errorMessage(error);
  toast.error(message, { toastId: `auth:${message}` });
  return message;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [initial] = useState(readSession);
  const [token, setToken] = useState<string | null>(initial?.token ?? null);
  const [user, setUser] = useState<SessionUser | null>(null);
  const [loading, setLoading] = useState(initial !== null);
  const [error, setError] = useState<string | null>(null);

  // Cached server data belongs to the signed-in user: the signed-in frame's query cache goes with
  // the frame, which unmounts here, so the next person on this tab does not see it (`QueryLayer`).
  const forget = useCallback(() => {
    clearSession();
    setToken(null);
    setUser(null);
  }, []);

  useEffect(() => {
    if (initial === null) return;
    let cancelled = false;
    loadAuthRoutes()
      .then((routes) => callApi(routes.me))
      .then((fresh) => {
        if (cancelled) return;
        writeSession({ token: initial.token, user: fresh });
        // The signed-in frame and the first page appear with this update: as a transition React
        // renders them in slices, so a phone is not held by one long task (issue 16). The loading
        // flag below joins the same transition: apart, a render would show the sign-in screen between.
        startTransition(() => setUser(fresh));
      })
      .catch((cause: unknown) => {
        if (cancelled) return;
        if (cause instanceof ApiError && cause.status === 401) {
          // A refused token ends the session ('Invalid token' also reloads the page, in the client).
          forget();
        } else {
          // The server could not be asked: keep the stored user rather than signing the person out.
          setError(reportAuthError(cause));
          setUser(initial.user);
        }
      })
      .finally(() => {
        if (!cancelled) startTransition(() => setLoading(false));
      });
    return () => {
      cancelled = true;
    };
  }, [initial, forget]);

  const login = useCallback<AuthState['login']>(async (credentials) => {
    setLoading(true);
    setError(null);
    try {
      const reply = await callApi((await loadAuthRoutes()).login, { body: credentials });
      writeSession({ token: reply.token, user: reply.user });
      setToken(reply.token);
      setUser(reply.user);
      return reply.user;
    } catch (cause) {
      setError(errorMessage(cause));
      throw cause;
    } finally {
      setLoading(false);
    }
  }, []);

  const register = useCallback<AuthState['register']>(async (body) => {
    setError(null);
    try {
      const routes = await loadAuthRoutes();
      const reply = await callApi(routes.register, { body });
      // Registering while signed in creates someone else's account: no new session then.
      if (reply.token === null) return;
      // The reply's user lacks the session view's fields; /auth/me (sent with the stored token)
      // gives the full one.
      writeSession({ token: reply.token, user: { ...reply.user, firstName: '' } });
      const fresh = await callApi(routes.me);
      writeSession({ token: reply.token, user: fresh });
      setToken(reply.token);
      setUser(fresh);
    } catch (cause) {
      setError(reportAuthError(cause));
      throw cause;
    }
  }, []);

  const logout = useCallback<AuthState['logout']>(async () => {
    setError(null);
    try {
      await callApi((await loadAuthRoutes()).logout);
    } catch (cause) {
      if (!(cause instanceof ApiError && cause.status === 401)) setError(reportAuthError(cause));
    } finally {
      forget();
    }
  }, [forget]);

  const replaceUser = useCallback<AuthState['replaceUser']>(
    (fresh) => {
      if (token === null) return;
      writeSession({ token, user: fresh });
      setUser(fresh);
    },
    [token],
  );

  const adoptSession = useCallback<AuthState['adoptSession']>((session) => {
    writeSession(session);
    setToken(session.token);
    setUser(session.user);
  }, []);

  const value = useMemo<AuthState>(
    () => ({
      user,
      token,
      isAuthenticated: user !== null && token !== null,
      loading,
      error,
      login,
      register,
      logout,
      replaceUser,
      adoptSession,
    }),
    [user, token, loading, error, login, register, logout, replaceUser, adoptSession],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (state === null) throw new Error('useAuth needs an AuthProvider above it');
  return state;
}
