import { useAction } from '@/hooks/use-action.ts';
import type { z } from 'zod/mini';
import { retrieveAccountSchema, retrieveCodeSchema, retrieveResetSchema } from '@contract/validators.ts';
import { request } from '@/lib/api-client.ts';
import { sendEncrypted } from '@/lib/encryption.ts';

/** The three calls of password retrieval: send a code, check it, set the new password. */
export { retrieveAccountSchema, retrieveCodeSchema, retrieveResetSchema };

export const sendRetrieveCode = (input: z.infer<typeof retrieveAccountSchema>) =>
  request<null>({ method: 'post', url: '/sys/retrieve/sendCode', data: input }).then((b) => b.message);

export const verifyRetrieveCode = (input: z.infer<typeof retrieveCodeSchema>) =>
  request<{ resetToken: string }>({ method: 'post', url: '/sys/retrieve/verifyCode', data: input }).then((b) => b.result);

export const resetPassword = (input: z.infer<typeof retrieveResetSchema>) =>
  sendEncrypted((data, silent) => request<null>({ method: 'post', url: '/sys/retrieve/resetPassword', data, silent }).then((b) => b.message), input, [
    'password',
    'confirmpassword',
  ]);

export const useSendRetrieveCode = () => useAction(sendRetrieveCode);
export const useVerifyRetrieveCode = () => useAction(verifyRetrieveCode);
export const useResetPassword = () => useAction(resetPassword);
