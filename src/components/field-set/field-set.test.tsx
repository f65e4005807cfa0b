import { fireEvent, render, screen } from '@testing-library/react';
import { Button, Form } from 'antd';
import { Form as MobileForm } from 'antd-mobile';
import { describe, expect, it } from 'vitest';
import { problemRule } from '@/lib/form-rule.ts';
import type { FieldSpec } from './field-spec.ts';
import { FieldSet } from './field-set.tsx';
import { FieldSetPhone } from './field-set-phone.tsx';

const FIELDS: FieldSpec[] = [
  { name: 'score', label: '分数', hint: '通过时必填，0到100分', prompt: '请输入分数', input: 'decimal', rule: problemRule((value) => (value ? null : '请填写分数')) },
  { name: 'reason', label: '更正原因', hint: '学生会收到更正通知', example: '例如：批阅时漏看了附件', input: 'line', maxLength: 100 },
  { name: 'comment', label: '批阅意见', input: 'text', rows: 3, maxLength: 500 },
];

describe('<FieldSet> (antd)', () => {
  it('puts the hint under the field, the prompt or example in it, and checks the rule', async () => {
    render(
      <Form>
        <FieldSet fields={FIELDS} />
        <Button htmlType="submit">确定</Button>
      </Form>,
    );
    const score = screen.getByLabelText('分数');
    expect(score.getAttribute('placeholder')).toBe('请输入分数');
    expect(score.getAttribute('inputmode')).toBe('decimal');
    expect(screen.getByText('通过时必填，0到100分')).toBeTruthy();
    expect(screen.getByLabelText('更正原因').getAttribute('placeholder')).toBe('例如：批阅时漏看了附件');
    expect(screen.getByText('学生会收到更正通知')).toBeTruthy();
    expect(screen.getByLabelText('批阅意见').tagName).toBe('TEXTAREA');
    fireEvent.submit(score.closest('form')!);
    expect(await screen.findByText('请填写分数')).toBeTruthy();
  });
});

describe('<FieldSetPhone> (antd-mobile)', () => {
  it('puts the hint in the empty field, or under it beside an example', () => {
    const { container } = render(
      <MobileForm>
        <FieldSetPhone fields={FIELDS} />
      </MobileForm>,
    );
    const inputs = Array.from(container.querySelectorAll('input, textarea'));
    expect(inputs.map((input) => input.getAttribute('placeholder'))).toEqual(['通过时必填，0到100分', '例如：批阅时漏看了附件', null]);
    expect(inputs[2]!.tagName).toBe('TEXTAREA');
    expect(screen.getByText('学生会收到更正通知')).toBeTruthy();
    expect(screen.getByText('分数')).toBeTruthy();
  });
});
