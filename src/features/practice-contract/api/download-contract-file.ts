import { CONTRACT_FILE_URL, type ContractFileMeta } from '@contract/practice-contract.ts';
import { saveFile } from '@/components/import-modal/save-file.ts';
import { api } from '@/lib/api-client.ts';

/** The file needs the session's token, which a plain link cannot send: fetched as a blob and saved under its name. */
export async function downloadContractFile(file: Pick<ContractFileMeta, 'id' | 'fileName'>) {
  const response = await api.get<Blob>(CONTRACT_FILE_URL.download, { params: { id: file.id }, responseType: 'blob' });
  saveFile(response.data, file.fileName);
}
