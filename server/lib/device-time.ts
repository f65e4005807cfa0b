import { DEVICE_ACTED_AT_HEADER, DEVICE_CLOCK_HEADER, resolveDeviceTime, type DeviceTime } from '@contract/device-time.ts';
import type { FastifyRequest } from 'fastify';

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name.toLowerCase()];
  return typeof value === 'string' ? value : null;
};

/** When the user acted, from the outbox's device-time headers, on the server's clock (see contract/device-time.ts). */
export function deviceTimeOf(request: FastifyRequest, notBefore?: Date): DeviceTime {
  return resolveDeviceTime({ actedAt: header(request, DEVICE_ACTED_AT_HEADER), deviceClock: header(request, DEVICE_CLOCK_HEADER) }, new Date(), notBefore);
}
