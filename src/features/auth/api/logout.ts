import { http } from '@/lib/api-client.ts';

/** Ends the server session; a failure rejects (the client has already shown its error, unless the server answered "success: false"). */
export const logout = () => http.post<null>('/sys/logout');
