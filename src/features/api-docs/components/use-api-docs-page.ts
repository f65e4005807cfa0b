import { useMemo, useState } from 'react';
import { saveFile } from '@/components/import-modal/save-file.ts';
import { useApiDocument } from '../api/get-api-docs.ts';
import { filterOperations, operationsOf } from './operations.ts';

/** The 接口文档 page's hook (components/device-page.tsx): the document, its operations, the search and the download. */
export function useApiDocsPage() {
  const document = useApiDocument();
  const [text, setText] = useState('');
  const [tag, setTag] = useState<string | undefined>();
  const operations = useMemo(() => (document.data ? operationsOf(document.data) : []), [document.data]);
  const tags = useMemo(() => [...new Set(operations.map((operation) => operation.tag))].sort(), [operations]);
  const shown = useMemo(() => filterOperations(operations, text, tag), [operations, text, tag]);
  const download = () => {
    if (document.data) saveFile(new Blob([JSON.stringify(document.data, null, 2)], { type: 'application/json' }), 'openapi.json');
  };
  return { state: { document, info: document.data?.info, operations, shown, tags, text, setText, tag, setTag, download } };
}

export type ApiDocsPageState = ReturnType<typeof useApiDocsPage>['state'];
