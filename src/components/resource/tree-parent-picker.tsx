import { useMemo } from 'react';
import { CheckList, DotLoading } from 'antd-mobile';
import { PickerSheet, usePickerSheet } from '@/components/sheet/picker-sheet.tsx';
import type { ResourceField } from '@contract/resource.ts';
import { treeOf, useResourceTree } from './resource-api.ts';
import type { TreeParentInputProps } from './tree-parent-select.tsx';
import { findNode, flattenTree, holdsWord, subtreeIds } from './tree-nodes.ts';

/** The top has no id; the check list needs a value for it. */
const TOP = '__top__';

/** The parent input of a tree resource's phone form (antd-mobile only): a sheet listing the tree by indent, with search. */
export function TreeParentPicker({ resource, field, selfId, value, onChange, disabled }: TreeParentInputProps & { field: ResourceField }) {
  const tree = useResourceTree(resource);
  const sheet = usePickerSheet();
  const { leaf, search } = treeOf(resource);
  const { titleField, title } = resource;
  const codeField = resource.subtitleFields?.[0];
  const word = sheet.keyword.trim();
  const items = useMemo(() => {
    const nodes = tree.data ?? [];
    const self = selfId ? findNode(nodes, selfId) : null;
    const excluded = self ? subtreeIds(self) : new Set<string>();
    return flattenTree(nodes)
      .filter(({ node }) => !leaf?.when(node) && (!word || holdsWord(node, search?.fields ?? [titleField], word)))
      .map((item) => ({ ...item, excluded: excluded.has(item.node.id) }));
  }, [tree.data, selfId, leaf, search, titleField, word]);
  const chosen = value ? findNode(tree.data ?? [], value) : null;
  const pick = (values: (string | number)[]) => {
    // Tapping the chosen item again unticks it: keep the choice.
    const next = values.length > 0 ? String(values[values.length - 1]) : undefined;
    if (next !== undefined) onChange?.(next === TOP ? null : next);
    sheet.close();
  };
  return (
    <PickerSheet
      sheet={sheet}
      title={`选择${field.label}`}
      label={field.label}
      shown={value ? String(chosen?.[titleField] ?? '加载中…') : null}
      placeholder={field.placeholder ?? '请选择'}
      disabled={disabled}
      searchPlaceholder={search?.placeholder ?? `搜索${title}`}
      status={tree.isPending ? <DotLoading color="primary" /> : tree.isError ? '加载失败，请稍后重试' : null}
      after={!tree.isPending && word && items.length === 0 ? `没有符合条件的${title}` : null}
    >
      <CheckList value={[value ?? TOP]} onChange={pick}>
        {!word && <CheckList.Item value={TOP}>（顶级{title}）</CheckList.Item>}
        {items.map(({ node, depth, excluded }) => (
          <CheckList.Item key={node.id} value={node.id} disabled={excluded} style={{ paddingLeft: 12 + depth * 20 }}>
            {String(node[titleField] ?? '')}
            {codeField && <span className="picker-sheet__code">{String(node[codeField] ?? '')}</span>}
          </CheckList.Item>
        ))}
      </CheckList>
    </PickerSheet>
  );
}
