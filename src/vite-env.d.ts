/// <reference types="vite/client" />

/** The package version, set by vite.config.ts at build time. */
declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  /** Tells two builds apart (VITE_BUILD_ID=… vite build); read by src/offline/pwa/register.ts. */
  readonly VITE_BUILD_ID?: string;
}
