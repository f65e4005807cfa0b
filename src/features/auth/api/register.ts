import { useAction } from '@/hooks/use-action.ts';
import { registerSchema, type RegisterInput } from '@contract/validators.ts';
import { http } from '@/lib/api-client.ts';
import { sendEncrypted } from '@/lib/encryption.ts';

export { registerSchema };

/** Answered alike whatever was taken (REGISTER_SUBMITTED): the outcome reaches the phone by SMS. */
export function register(input: RegisterInput): Promise<null> {
  return sendEncrypted((body, silent) => http.post<null>('/sys/user/register', body, { silent }), input, ['password', 'confirmpassword']);
}

export const useRegister = () => useAction(register);
