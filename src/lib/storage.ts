/** Local storage with a lifetime, stored as {value, expire} like the old client so existing keys keep working. */
export const SEVEN_DAYS_MS = 604_800_000;

export const STORAGE_KEYS = {
  accessToken: 'Access-Token',
  username: 'Login_Username',
  userInfo: 'Login_Userinfo',
  userAuth: 'LOGIN_USER_BUTTON_AUTH',
  sysAuth: 'SYS_BUTTON_AUTH',
  encryptedString: 'ENCRYPTED_STRING',
  rememberedUsername: 'REMEMBER_USERNAME',
  /** Whether config.json named a 数字校园 deployment, for src/first-paint.js before the app loads. */
  digitalCampus: 'DIGITAL_CAMPUS',
  /** The phone's home as it last looked, for src/first-paint.js (src/lib/first-paint-home.ts). */
  homeFirstPaint: 'FIRST_PAINT_HOME',
} as const;

interface Stored<T> {
  value: T;
  expire: number | null;
}

export const local = {
  set<T>(key: string, value: T, lifetimeMs: number | null = SEVEN_DAYS_MS): void {
    const item: Stored<T> = { value, expire: lifetimeMs === null ? null : Date.now() + lifetimeMs };
    try {
      localStorage.setItem(key, JSON.stringify(item));
    } catch {
      // Storage full or blocked (private mode): the app keeps working from memory.
    }
  },
  get<T>(key: string): T | null {
    const raw = localStorage.getItem(key);
    if (raw === null) return null;
    try {
      const item = JSON.parse(raw) as Stored<T>;
      if (item.expire !== null && item.expire < Date.now()) {
        localStorage.removeItem(key);
        return null;
      }
      return item.value;
    } catch {
      localStorage.removeItem(key);
      return null;
    }
  },
  remove(key: string): void {
    localStorage.removeItem(key);
  },
};

export const session = {
  set<T>(key: string, value: T): void {
    try {
      sessionStorage.setItem(key, JSON.stringify(value));
    } catch {
      // See local.set.
    }
  },
  remove(key: string): void {
    sessionStorage.removeItem(key);
  },
};
