import axios, { AxiosError, type AxiosRequestConfig } from 'axios';
import { ACCESS_TOKEN_HEADER, type ApiEnvelope } from '@contract/envelope.ts';
import { notify } from '@/components/notification/notification-store.ts';
import { connectivity } from './connectivity.ts';
import { LICENCE_CODE, describeFailure } from './error-catalogue.ts';
import { sessionStore } from './session-store.ts';

/** A failed call, already shown to the user by the client unless it was a plain "success: false" answer. */
export class ApiError extends Error {
  /**
   * Our API did not answer: no response at all, or one that is not our envelope (a captive portal's
   * login page, a proxy's error page), whatever its status. Such a call may simply be tried again.
   */
  readonly unreached: boolean;
  /** The server asked to be asked again later (a Retry-After header). */
  readonly retryLater: boolean;

  constructor(
    message: string,
    readonly status: number | undefined,
    readonly code: number | undefined,
    readonly notified: boolean,
    answer: { unreached?: boolean; retryLater?: boolean } = {},
  ) {
    super(message);
    this.unreached = answer.unreached ?? status === undefined;
    this.retryLater = answer.retryLater ?? false;
  }
}

/** Shows a refusal the client has not shown already (a plain "success: false" answer): as a warning. */
export function warnOfRefusal(error: unknown): void {
  if (error instanceof ApiError && !error.notified) notify.warning(error.message);
}

/** Every answer of our API is a JSON envelope with a boolean `success`; anything else came from elsewhere. */
function isEnvelope(data: unknown): data is ApiEnvelope {
  return typeof data === 'object' && data !== null && typeof (data as { success?: unknown }).success === 'boolean';
}

export interface ApiClientHooks {
  /** Called once when the session has ended on the server (401 and token-invalid). */
  onSessionEnded(): void;
  /** Called for code 901. */
  onLicenceInvalid(): void;
}

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Leave showing the error to the caller (the session still ends on 401). */
    silent?: boolean;
  }
}

const NO_TIMESTAMP = ['/sys/dict/getDictItems'];

/**
 * A read that found no API (no network, a captive portal): not announced as an error. The header says
 * 离线 (src/lib/connectivity.ts), the screen keeps what the device has, and the read runs again once
 * the network is back. Writes and downloads, which a person asked for, still say why they failed.
 */
const quietWhenUnreached = (config: AxiosRequestConfig | undefined) => (config?.method ?? 'get').toLowerCase() === 'get' && config?.responseType !== 'blob';

/**
 * The one HTTP client: the base URL comes from config.json, the timeout and headers from SPEC.md section 7.
 * The session travels in a header, never a cookie, so no XSRF cookie is read: axios would otherwise ask
 * the browser's cookie store before every same-origin request, about a millisecond of a phone's main thread each.
 */
export const api = axios.create({ timeout: 1_200_000, withXSRFToken: false });
let hooks: ApiClientHooks = { onSessionEnded: () => undefined, onLicenceInvalid: () => undefined };
let sessionEnding = false;

export function configureApiClient(baseURL: string, clientHooks: ApiClientHooks) {
  api.defaults.baseURL = baseURL;
  hooks = clientHooks;
  sessionEnding = false;
}

api.interceptors.request.use((config) => {
  const token = sessionStore.get().token;
  if (token) config.headers.set(ACCESS_TOKEN_HEADER, token);
  if ((config.method ?? 'get').toLowerCase() === 'get' && !NO_TIMESTAMP.some((p) => config.url?.includes(p))) {
    config.params = { _t: Math.floor(Date.now() / 1000), ...config.params };
  }
  return config;
});

/** A Blob of this window or of another realm (a test's Node): what a download's answer is read through. */
const isBlobLike = (value: unknown): value is Blob => typeof value === 'object' && value !== null && typeof (value as Blob).text === 'function' && typeof (value as Blob).type === 'string';

function reportLicence(message: string) {
  notify.error(message);
  hooks.onLicenceInvalid();
}

api.interceptors.response.use(
  (response) => {
    if (isEnvelope(response.data) || response.data instanceof Blob) connectivity.markReached();
    const body = response.data as { code?: unknown } | null;
    if (body && typeof body === 'object' && Number(body.code) === LICENCE_CODE) {
      const { message } = describeFailure({ status: response.status, body, hasToken: Boolean(sessionStore.get().token) });
      reportLicence(message);
      return Promise.reject(new ApiError(message, response.status, LICENCE_CODE, true));
    }
    return response;
  },
  async (error: AxiosError<{ message?: string; code?: number }>) => {
    // A file download's refusal arrives as a blob (as text in Node): our envelope in it is read, so its message is the one shown.
    const raw = error.response?.data as unknown;
    const text = isBlobLike(raw) && raw.type.includes('json') ? await raw.text() : typeof raw === 'string' ? raw : null;
    if (error.response && text !== null) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (isEnvelope(parsed)) error.response.data = parsed as { message?: string; code?: number };
      } catch {
        // Not our envelope: left as it came.
      }
    }
    const data: unknown = error.response?.data;
    // Any other blob (a proxy's page saved as a file) still counts as our answer: it came from the download's address.
    const unreached = !error.response || (!(data instanceof Blob) && !isEnvelope(data));
    if (unreached) connectivity.markUnreached();
    else connectivity.markReached();
    const outcome = describeFailure({
      status: error.response?.status,
      body: error.response?.data && typeof error.response.data === 'object' ? error.response.data : null,
      hasToken: Boolean(sessionStore.get().token),
      timedOut: error.code === AxiosError.ECONNABORTED || error.code === AxiosError.ETIMEDOUT,
    });
    if (outcome.logout) {
      if (!sessionEnding) {
        sessionEnding = true;
        notify.error(outcome.message);
        hooks.onSessionEnded();
      }
      return Promise.reject(new ApiError(outcome.message, error.response?.status, error.response?.data?.code, true));
    }
    if (outcome.passwordChange) {
      // The app swaps to the password change, which says why: no message for each refused call.
      sessionStore.requirePasswordChange();
      return Promise.reject(new ApiError(outcome.message, 403, error.response?.data?.code, true));
    }
    if (outcome.licence) {
      reportLicence(outcome.message);
      return Promise.reject(new ApiError(outcome.message, error.response?.status, LICENCE_CODE, true));
    }
    const silent = error.config?.silent === true || (!error.response && quietWhenUnreached(error.config));
    if (!silent) notify.error(outcome.message);
    const retryLater = Boolean(error.response?.headers['retry-after']);
    return Promise.reject(new ApiError(outcome.message, error.response?.status, error.response?.data?.code, !silent, { unreached, retryLater }));
  },
);

/** Sends a call and unwraps the envelope; "success: false" becomes an ApiError the caller shows where it fits. */
export async function request<T>(config: AxiosRequestConfig): Promise<ApiEnvelope<T>> {
  const response = await api.request<ApiEnvelope<T>>(config);
  const body: unknown = response.data;
  if (!isEnvelope(body)) {
    // A 2xx that is not ours (a captive portal answers every address with its login page): shown
    // and treated like a network failure, never as the server refusing the request.
    const { message } = describeFailure({ status: undefined, hasToken: Boolean(sessionStore.get().token) });
    connectivity.markUnreached();
    const silent = config.silent === true || quietWhenUnreached(config);
    if (!silent) notify.error(message);
    throw new ApiError(message, response.status, undefined, !silent, { unreached: true });
  }
  if (body.success !== true) throw new ApiError(body.message || '操作失败', response.status, body.code, false);
  return body as ApiEnvelope<T>;
}

type Extra = Omit<AxiosRequestConfig, 'url' | 'method' | 'data' | 'params'>;

export const http = {
  get: <T>(url: string, params?: object, extra?: Extra) => request<T>({ ...extra, method: 'get', url, params }).then((b) => b.result),
  post: <T>(url: string, data?: unknown, extra?: Extra) => request<T>({ ...extra, method: 'post', url, data }).then((b) => b.result),
  put: <T>(url: string, data?: unknown, extra?: Extra) => request<T>({ ...extra, method: 'put', url, data }).then((b) => b.result),
  delete: <T>(url: string, params?: object, extra?: Extra) => request<T>({ ...extra, method: 'delete', url, params }).then((b) => b.result),
};
