import { useAction } from '@/hooks/use-action.ts';
import { registerSchema, type RegisterInput } from '@contract/validators.ts';
import { http } from '@/lib/api-client.ts';
import { sendEncrypted } from '@/lib/encryption.ts';

export { registerSchema };

export function register(input: RegisterInput): Promise<{ username: string }> {
  return sendEncrypted((body, silent) => http.post<{ username: string }>('/sys/user/register', body, { silent }), input, ['password', 'confirmpassword']);
}

export const useRegister = () => useAction(register);
