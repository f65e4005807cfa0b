import { useMemo } from 'react';
import { CheckList, DotLoading } from 'antd-mobile';
import { PickerSheet, usePickerSheet } from '@/components/sheet/picker-sheet.tsx';
import { useCategoryTree } from '../api/get-category-tree.ts';
import { findNode, flattenTree, subtreeIds } from './category-tree.ts';

/** The top level has no id; the check list needs a value for it. */
const TOP = '__top__';

interface CategoryParentPickerProps {
  /** The category being edited: it and those under it cannot be its parent. */
  selfId?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
}

/** The parent chooser on the phone (antd-mobile only): a sheet listing the tree by indent, with search. */
export function CategoryParentPicker({ selfId, value, onChange }: CategoryParentPickerProps) {
  const tree = useCategoryTree();
  const sheet = usePickerSheet();
  const nodes = useMemo(() => tree.data ?? [], [tree.data]);
  const excluded = useMemo(() => (selfId ? subtreeIds(nodes, selfId) : new Set<string>()), [nodes, selfId]);
  const word = sheet.keyword.trim().toLowerCase();
  const items = useMemo(
    () => flattenTree(nodes).filter(({ node }) => !word || node.name.toLowerCase().includes(word) || node.code.toLowerCase().includes(word)),
    [nodes, word],
  );
  const chosen = value ? findNode(nodes, value) : undefined;
  const pick = (values: (string | number)[]) => {
    // Tapping the chosen item again unticks it: keep the choice.
    const next = values.length > 0 ? String(values[values.length - 1]) : undefined;
    if (next !== undefined) onChange?.(next === TOP ? null : next);
    sheet.close();
  };
  return (
    <PickerSheet
      sheet={sheet}
      title="选择上级分类"
      label="上级分类"
      shown={value ? (chosen?.name ?? '加载中…') : null}
      placeholder="不选则为顶级分类"
      searchPlaceholder="搜索分类名称或编码"
      status={tree.isPending ? <DotLoading color="primary" /> : tree.isError ? '加载失败，请稍后重试' : null}
      after={!tree.isPending && word && items.length === 0 ? '没有符合条件的分类' : null}
    >
      <CheckList value={[value ?? TOP]} onChange={pick}>
        {!word && <CheckList.Item value={TOP}>（顶级分类）</CheckList.Item>}
        {items.map(({ node, depth }) => (
          <CheckList.Item key={node.id} value={node.id} disabled={excluded.has(node.id)} style={{ paddingLeft: 12 + depth * 20 }}>
            {node.name}
            <span className="picker-sheet__code">{node.code}</span>
          </CheckList.Item>
        ))}
      </CheckList>
    </PickerSheet>
  );
}
