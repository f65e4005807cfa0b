import { List } from 'antd-mobile';
import { SingleChoice } from '@/components/single-choice/single-choice.tsx';
import type { PageChoice } from './page-choice.ts';

/** A screen's choices on the phone: each with more than one option as a list of chips (a program's name takes a line). */
export function PhoneChoices({ choices }: { choices: readonly PageChoice[] }) {
  return choices.map(
    (choice) =>
      choice.options.length > 1 && (
        <List key={choice.id} header={choice.label}>
          <List.Item>
            <SingleChoice columns={choice.clearable ? 2 : 1} clearable={choice.clearable} options={choice.options} value={choice.value} onChange={choice.onChange} />
          </List.Item>
        </List>
      ),
  );
}
