import { Form, Input } from 'antd';
import { fieldTexts, type FieldSpec } from './field-spec.ts';

function FieldInput({ field, placeholder, ...control }: { field: FieldSpec; placeholder?: string }) {
  const style = field.width ? { width: field.width } : undefined;
  if (field.input === 'text') return <Input.TextArea {...control} rows={field.rows} maxLength={field.maxLength} showCount placeholder={placeholder} />;
  if (field.input === 'password') return <Input.Password {...control} autoComplete="new-password" placeholder={placeholder} style={style} />;
  return <Input {...control} inputMode={field.input === 'decimal' ? 'decimal' : undefined} autoComplete="off" maxLength={field.maxLength} placeholder={placeholder} style={style} />;
}

/** Declared fields in an antd Form: label, input and hint under it, checked by its rule. */
export function FieldSet({ fields }: { fields: FieldSpec[] }) {
  return fields.map((field) => {
    const { placeholder, extra } = fieldTexts(field).desktop;
    return (
      <Form.Item key={field.name} name={field.name} label={field.label} extra={extra} rules={field.rule ? [field.rule] : undefined}>
        <FieldInput field={field} placeholder={placeholder} />
      </Form.Item>
    );
  });
}
