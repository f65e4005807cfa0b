import { z } from 'zod';
import { CONTRACT_FILE_MAX_BYTES, type ContractFileMeta } from '@contract/practice-contract.ts';
import { envelope, uploadFile } from '../../lib/answers.ts';
import { WORD_DOC, WORD_DOCX } from '../../lib/uploads.ts';

/** What a contract file may be, by its first bytes (files.ts sniffContractFile): PDF, the common images, Word. */
export const CONTRACT_FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/gif', 'image/webp', WORD_DOC, WORD_DOCX] as const;

const contractFile = z.object({
  id: z.string(),
  contractId: z.string(),
  fileName: z.string(),
  mimeType: z.string().meta({ description: `按文件内容识别的类型：${CONTRACT_FILE_TYPES.join('、')}` }),
  size: z.number().int().min(1).max(CONTRACT_FILE_MAX_BYTES).meta({ description: '字节数' }),
  uploader: z.string().nullable().meta({ description: '上传人姓名' }),
  createTime: z.iso.datetime(),
}) satisfies z.ZodType<ContractFileMeta>;

export const contractFilesAnswer = envelope(z.array(contractFile));
export const contractFileAnswer = envelope(contractFile);
/** One file a request (multipart/form-data); the contract is named in the query (contractId). */
export const contractFileUpload = z.object({ file: uploadFile });
