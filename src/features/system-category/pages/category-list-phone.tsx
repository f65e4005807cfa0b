import { CATEGORY_RESOURCE } from '@contract/category.ts';
import { ResourcePhoneList, type PhoneCustomInputs } from '@/components/resource/resource-phone.tsx';
import { CategoryParentPicker } from '../components/category-parent-picker.tsx';

const customInputs: PhoneCustomInputs = { pid: (_mode, row) => <CategoryParentPicker selfId={row?.id} /> };

/** 分类字典 on the phone (antd-mobile only): the flat list searched by name; the parent is chosen in the form. */
export default function CategoryListPhone() {
  return <ResourcePhoneList resource={CATEGORY_RESOURCE} customInputs={customInputs} />;
}
