/*
 * The entry of the archive's document worker (renderer.ts). Module hooks do not reach a worker thread on Node 20, so
 * the server's `node --import tsx` leaves it unable to load TypeScript: tsx is registered here, then the body loads.
 */
import { register } from 'tsx/esm/api';

register();
await import('./render-worker.ts');
