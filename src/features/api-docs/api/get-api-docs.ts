import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { OpenApiDocument } from '../components/operations.ts';

/** The server's OpenAPI document (GET /docs, administrators only): the document itself, not in the envelope, so tools read it as it is. */
export const useApiDocument = () =>
  useQuery({
    queryKey: ['api-docs'],
    queryFn: async () => (await api.get<OpenApiDocument>('/docs')).data,
    staleTime: Infinity,
  });
