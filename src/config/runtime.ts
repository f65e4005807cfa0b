import { deploymentOf } from '@contract/deployments.ts';
import { STORAGE_KEYS, local } from '@/lib/storage.ts';

/** Per-school settings read at start from config.json, so one build serves every school. */
export interface RuntimeConfig {
  deployment: string;
  apiBaseUrl: string;
  enableCas: boolean;
  casType: string;
  casServiceUrl: string;
  casPrefixUrl: string;
}

const DEFAULTS: RuntimeConfig = { deployment: 'DQZY', apiBaseUrl: '/api', enableCas: false, casType: '', casServiceUrl: '', casPrefixUrl: '' };
let current: RuntimeConfig = DEFAULTS;

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  try {
    const response = await fetch(`${import.meta.env.BASE_URL}config.json`, { cache: 'no-cache' });
    if (response.ok) {
      current = { ...DEFAULTS, ...((await response.json()) as Partial<RuntimeConfig>) };
      local.set(STORAGE_KEYS.digitalCampus, deploymentOf(current.deployment).digitalCampus, null);
    }
  } catch {
    // Offline without a cached config: the defaults still reach the same server.
  }
  return current;
}

export const runtimeConfig = () => current;
export const deployment = () => deploymentOf(current.deployment);
