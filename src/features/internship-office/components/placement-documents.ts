import { useState } from 'react';
import { DOCUMENT_KINDS, TEMPLATE_KINDS } from '@contract/documents.ts';
import { PLACEMENT_PERMISSIONS } from '@contract/internship-placement.ts';
import type { ListTool, RowAction } from '@/components/list/list-declaration.ts';
import type { ResourceRow } from '@/components/resource/resource-api.ts';
import { downloadPlacementDocument } from '../api/placement-api.ts';

/**
 * The placement's printed documents, declared once for both layouts (no UI library here): 三方协议 and 知情同意书 of
 * a row (the server refuses a consent for an adult, saying so), and 文书模板 for whoever edits the school's texts.
 */
export function usePlacementDocuments() {
  const [printing, setPrinting] = useState<string | null>(null);
  const [editingTemplates, setEditingTemplates] = useState(false);
  const actions: RowAction<ResourceRow>[] = TEMPLATE_KINDS.map((kind) => ({
    key: `document-${kind}`,
    label: DOCUMENT_KINDS[kind],
    permission: PLACEMENT_PERMISSIONS.print,
    busy: (row) => printing === `${row.id}/${kind}`,
    hint: () => `按学校的${DOCUMENT_KINDS[kind]}模板，用该实习安排生成PDF`,
    run: async (row) => {
      setPrinting(`${row.id}/${kind}`);
      await downloadPlacementDocument(row.id, kind)
        .catch(() => undefined)
        .finally(() => setPrinting(null));
    },
  }));
  const tools: ListTool[] = [{ key: 'templates', label: '文书模板', permission: PLACEMENT_PERMISSIONS.template, only: 'desktop', run: () => setEditingTemplates(true) }];
  return { actions, tools, editingTemplates, closeTemplates: () => setEditingTemplates(false) };
}
