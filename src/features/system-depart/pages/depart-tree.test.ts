import { describe, expect, it } from 'vitest';
import type { DepartTreeNode } from '@contract/depart.ts';
import { ancestorsOf, departChoices, findNode, newDepartValues, selfAndBelow } from './depart-tree.ts';

const node = (id: string, departName: string, parentId: string | null, children: DepartTreeNode[] = []): DepartTreeNode => ({
  id,
  key: id,
  value: id,
  title: departName,
  departName,
  orgCode: id.toUpperCase(),
  orgType: parentId ? '2' : '1',
  parentId,
  sortNo: 0,
  children,
});

const TREE = [
  node('school', '示范学院', null, [node('info', '信息学院', 'school', [node('soft', '软件系', 'info')]), node('mech', '机电学院', 'school')]),
  node('other', '分校', null),
];

describe('部门树', () => {
  it('finds a department at any depth, and nothing for an unknown id', () => {
    expect(findNode(TREE, 'soft')?.departName).toBe('软件系');
    expect(findNode(TREE, 'other')?.departName).toBe('分校');
    expect(findNode(TREE, 'gone')).toBeNull();
  });

  it('lists the departments above one, top first', () => {
    expect(ancestorsOf(TREE, 'soft').map((n) => n.id)).toEqual(['school', 'info']);
    expect(ancestorsOf(TREE, 'mech').map((n) => n.id)).toEqual(['school']);
    expect(ancestorsOf(TREE, 'school')).toEqual([]);
    expect(ancestorsOf(TREE, 'gone')).toEqual([]);
  });

  it('a department and those under it cannot become its parent', () => {
    expect([...selfAndBelow(findNode(TREE, 'school')!)].sort()).toEqual(['info', 'mech', 'school', 'soft']);
    expect([...selfAndBelow(findNode(TREE, 'mech')!)]).toEqual(['mech']);
  });

  it('offers every department with its path, in tree order', () => {
    expect(departChoices(TREE)).toEqual([
      { value: 'school', label: '示范学院' },
      { value: 'info', label: '示范学院 / 信息学院' },
      { value: 'soft', label: '示范学院 / 信息学院 / 软件系' },
      { value: 'mech', label: '示范学院 / 机电学院' },
      { value: 'other', label: '分校' },
    ]);
  });

  it('a new department is a school at the top level and a 院系 under another', () => {
    expect(newDepartValues(null)).toEqual({ parentId: null, orgType: '1', sortNo: 0 });
    expect(newDepartValues('school')).toEqual({ parentId: 'school', orgType: '2', sortNo: 0 });
  });
});
