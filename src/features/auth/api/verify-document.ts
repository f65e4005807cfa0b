import { DOCUMENT_MSG, DOCUMENT_URL, normaliseVerifyCode, type DocumentVerification } from '@contract/documents.ts';
import { useAction } from '@/hooks/use-action.ts';
import { ApiError, request } from '@/lib/api-client.ts';

/**
 * 文件核验: what a printed document's code was issued for (no login; a wrong code is the form's error, not a toast).
 * An unknown code is an answer, not a missing page: said as the server says it, not as the client's 404.
 */
export const verifyDocument = (code: string) =>
  request<DocumentVerification>({ method: 'get', url: DOCUMENT_URL.verify(normaliseVerifyCode(code)), silent: true })
    .then((b) => b.result)
    .catch((error: unknown) => {
      throw error instanceof ApiError && error.status === 404 ? new ApiError(DOCUMENT_MSG.unknown, 404, error.code, true) : error;
    });

export const useVerifyDocument = () => useAction(verifyDocument);
