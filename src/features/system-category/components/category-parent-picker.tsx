import { useId, useMemo, useState } from 'react';
import { CheckList, DotLoading, SearchBar } from 'antd-mobile';
import { Popup } from '@/components/sheet/popup.tsx';
import { useCategoryTree } from '../api/get-category-tree.ts';
import { findNode, flattenTree, subtreeIds } from './category-tree.ts';
import './category-parent-picker.css';

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
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const titleId = useId();
  const nodes = useMemo(() => tree.data ?? [], [tree.data]);
  const excluded = useMemo(() => (selfId ? subtreeIds(nodes, selfId) : new Set<string>()), [nodes, selfId]);
  const word = keyword.trim().toLowerCase();
  const items = useMemo(
    () => flattenTree(nodes).filter(({ node }) => !word || node.name.toLowerCase().includes(word) || node.code.toLowerCase().includes(word)),
    [nodes, word],
  );
  const chosen = value ? findNode(nodes, value) : undefined;
  const close = () => {
    setOpen(false);
    setKeyword('');
  };
  const pick = (values: (string | number)[]) => {
    // Tapping the chosen item again unticks it: keep the choice.
    const next = values.length > 0 ? String(values[values.length - 1]) : undefined;
    if (next !== undefined) onChange?.(next === TOP ? null : next);
    close();
  };

  return (
    <>
      <button type="button" className="category-picker" aria-haspopup="dialog" aria-label="上级分类" onClick={() => setOpen(true)}>
        <span className={value ? 'category-picker__value' : 'category-picker__placeholder'}>{value ? (chosen?.name ?? '加载中…') : '不选则为顶级分类'}</span>
        <span className="category-picker__arrow" aria-hidden>
          ›
        </span>
      </button>
      <Popup visible={open} position="bottom" onMaskClick={close} onClose={close} bodyClassName="category-picker__sheet" destroyOnClose>
        <div role="dialog" aria-modal="true" aria-labelledby={titleId} className="category-picker__dialog">
          <div className="category-picker__head">
            <h2 id={titleId} className="category-picker__title">
              选择上级分类
            </h2>
            <button type="button" className="category-picker__cancel" onClick={close}>
              取消
            </button>
          </div>
          <SearchBar placeholder="搜索分类名称或编码" value={keyword} onChange={setKeyword} />
          <div className="category-picker__list">
            {tree.isPending ? (
              <div className="category-picker__empty" role="status">
                <DotLoading color="primary" />
              </div>
            ) : tree.isError ? (
              <div className="category-picker__empty">加载失败，请稍后重试</div>
            ) : (
              <CheckList value={[value ?? TOP]} onChange={pick}>
                {!word && <CheckList.Item value={TOP}>（顶级分类）</CheckList.Item>}
                {items.map(({ node, depth }) => (
                  <CheckList.Item key={node.id} value={node.id} disabled={excluded.has(node.id)} style={{ paddingLeft: 12 + depth * 20 }}>
                    {node.name}
                    <span className="category-picker__code">{node.code}</span>
                  </CheckList.Item>
                ))}
              </CheckList>
            )}
            {!tree.isPending && word && items.length === 0 && <div className="category-picker__empty">没有符合条件的分类</div>}
          </div>
        </div>
      </Popup>
    </>
  );
}
