import type { ChangePasswordInput } from '@contract/validators.ts';
import { request } from './api-client.ts';
import { sendEncrypted } from './encryption.ts';

/** A password change: every field goes encrypted (SPEC.md section 3); resolves to the server's message. */
export const sendPasswordChange = (method: 'post' | 'put', url: string, input: ChangePasswordInput) =>
  sendEncrypted((data, silent) => request<null>({ method, url, data, silent }).then((b) => b.message), input, ['username', 'oldpassword', 'password', 'confirmpassword']);
