import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { Form as MobileForm } from 'antd-mobile';
import { describe, expect, it, vi } from 'vitest';
import { AntdProvider } from '@/components/antd-provider.tsx';
import type { FieldSpec } from '@/components/field-set/field-spec.ts';
import type { SectionFormSpec } from './section-form-spec.ts';
import { SectionForm } from './section-form.tsx';
import { SectionFormPhone } from './section-form-phone.tsx';

interface Values {
  comment: string;
}
const FIELDS: FieldSpec[] = [{ name: 'comment', label: '审批意见', prompt: '请输入审批意见', input: 'text', rows: 3 }];

/** A form declared once: its heading, what was said before, its fields and its buttons, which read the form. */
function spec(send: (values: Values) => void): Omit<SectionFormSpec<Values>, 'actions'> & { actions: (form: { getFieldsValue(): Values }) => SectionFormSpec<Values>['actions'] } {
  return {
    title: '审批',
    note: { title: '上次退回的意见', content: '请补充证明' },
    fields: FIELDS,
    initialValues: { comment: '' },
    actions: (form) => [
      { key: 'approve', label: '同意', tone: 'primary', run: () => send(form.getFieldsValue()) },
      { key: 'cancel', label: '取消', run: vi.fn() },
    ],
  };
}

function Desktop({ send }: { send: (values: Values) => void }) {
  const [form] = Form.useForm<Values>();
  const { actions, ...rest } = spec(send);
  return <SectionForm form={form} {...rest} actions={actions(form)} />;
}

function Phone({ send }: { send: (values: Values) => void }) {
  const [form] = MobileForm.useForm();
  const { actions, ...rest } = spec(send);
  return <SectionFormPhone form={form} {...rest} actions={actions(form as { getFieldsValue(): Values })} />;
}

describe('<SectionForm> (antd)', () => {
  it('is a region named by its heading, says what was said before, and its buttons read what was typed', async () => {
    const send = vi.fn();
    render(
      <AntdProvider>
        <Desktop send={send} />
      </AntdProvider>,
    );
    expect(screen.getByRole('region', { name: '审批' })).toBeTruthy();
    expect(screen.getByText('上次退回的意见')).toBeTruthy();
    expect(screen.getByText('请补充证明')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('审批意见'), { target: { value: '同意实习' } });
    fireEvent.click(screen.getByRole('button', { name: '同意' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith({ comment: '同意实习' }));
  });
});

describe('<SectionFormPhone> (antd-mobile)', () => {
  it('heads the card with its title, puts the main button last, and its buttons read what was typed', async () => {
    const send = vi.fn();
    render(<Phone send={send} />);
    expect(screen.getByText('审批')).toBeTruthy();
    expect(screen.getByText('请补充证明')).toBeTruthy();
    expect(screen.getAllByRole('button').map((button) => button.textContent?.replace(/\s/g, ''))).toEqual(['取消', '同意']);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '同意实习' } });
    fireEvent.click(screen.getByRole('button', { name: '同意' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith({ comment: '同意实习' }));
  });
});
