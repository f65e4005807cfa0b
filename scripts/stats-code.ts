/**
 * npm run stats:code — how much of the code is written twice or declared in several places.
 *
 * Prints the lines of src/, server/ and contract/ (tests apart); the screens with a desktop and a phone
 * rendering and their lines; the switch files in the features (a page or part that picks its rendering by
 * hand instead of through components/device-page.tsx); the migrations that write menu or grant rows and their lines;
 * and in how many files each page's menu component name appears. Reads the working tree, changes nothing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file && !file.startsWith('node_modules/') && existsSync(path.join(ROOT, file))); // listed but deleted in the working tree
const text = new Map(files.map((file) => [file, readFileSync(path.join(ROOT, file), 'utf8')]));
const lines = (file: string) => text.get(file)!.split('\n').length - (text.get(file)!.endsWith('\n') ? 1 : 0);
const isTest = (file: string) => /\.test\.tsx?$|\.test-support\.ts$/.test(file) || file.startsWith('tests/');
const code = (file: string) => /\.(ts|tsx)$/.test(file) && !isTest(file);
const sum = (list: string[]) => list.reduce((total, file) => total + lines(file), 0);

console.log('代码行数（不含测试）');
for (const dir of ['src/', 'server/', 'contract/']) {
  const inDir = files.filter((file) => file.startsWith(dir) && code(file));
  console.log(`  ${dir.padEnd(10)} ${String(sum(inDir)).padStart(7)} 行，${inDir.length} 个文件`);
}

// A pair: x-desktop.tsx beside x-phone.tsx, or the two renderings a devicePage names.
const pairs = new Map<string, [string, string]>();
for (const file of files.filter((f) => f.endsWith('-desktop.tsx'))) {
  const phone = file.replace(/-desktop\.tsx$/, '-phone.tsx');
  if (text.has(phone)) pairs.set(file, [file, phone]);
}
const registry = text.get('src/app/page-registry.ts') ?? '';
const alias = (spec: string) => spec.replace(/^@\//, 'src/');
for (const match of registry.matchAll(/devicePage\(\{\s*desktop: \(\) => import\('([^']+)'\),\s*phone: \(\) => import\('([^']+)'\)/g)) {
  const [desktop, phone] = [alias(match[1]!), alias(match[2]!)];
  if (text.has(desktop) && text.has(phone)) pairs.set(desktop, [desktop, phone]);
}
// A screen is a feature's; a shared building block (the declared list's two renderings) is a widget, which needs two renderers.
const [screenPairs, widgetPairs] = [[...pairs.values()].filter(([desktop]) => desktop.startsWith('src/features/')), [...pairs.values()].filter(([desktop]) => !desktop.startsWith('src/features/'))];
const linesOf = (list: [string, string][]) => list.reduce((total, [desktop, phone]) => total + lines(desktop) + lines(phone), 0);
const pairLines = linesOf(screenPairs);
const srcLines = sum(files.filter((file) => file.startsWith('src/') && code(file)));
console.log(`\n桌面/手机两种写法的屏幕：${screenPairs.length} 对，${pairLines} 行（src/ 的 ${((100 * pairLines) / srcLines).toFixed(0)} %）`);
console.log(`  共用部件的两种渲染（不计入屏幕）：${widgetPairs.length} 对，${linesOf(widgetPairs)} 行（${widgetPairs.map(([desktop]) => desktop.replace(/-desktop\.tsx$/, '')).join('、')}）`);

const switches = files.filter(
  (file) =>
    // src/components holds the machinery that chooses (device-page.tsx, the resource page).
    file.startsWith('src/features/') &&
    file.endsWith('.tsx') &&
    code(file) &&
    /lazy\(\(\) => import\('[^']*-phone\.tsx'\)\)/.test(text.get(file)!) &&
    /=== 'phone' \?/.test(text.get(file)!),
);
console.log(`按设备手写切换的文件：${switches.length}${switches.length ? `（${switches.join('，')}）` : ''}`);

// Statements of a migration that write sys_permission or the role grants.
const menuStatement = /^\s*(insert\s+into|update|delete\s+from)\s+"?(sys_permission|sys_role_permission)"?\b/i;
const migrations = files.filter((file) => /^server\/db\/migrations\/\d+.*\.sql$/.test(file));
let menuLines = 0;
const writing = migrations.filter((file) => {
  const statements = text.get(file)!.split(/;\s*(?:--> statement-breakpoint)?\s*\n/);
  const menu = statements.filter((statement) => menuStatement.test(statement.replace(/^(\s*--[^\n]*\n)+/, '')));
  menuLines += menu.reduce((total, statement) => total + statement.split('\n').length, 0);
  return menu.length > 0;
});
console.log(`写菜单或授权行的迁移：${writing.length} / ${migrations.length}，${menuLines} 行 SQL`);

// Where each page's menu component name (sys_permission.component) is written.
const components = [...new Set([...registry.matchAll(/^\s*'([A-Za-z]+\/[A-Za-z0-9/]+)':/gm)].map((match) => match[1]!))];
const places = components.map((component) => ({
  component,
  code: files.filter((file) => !isTest(file) && text.get(file)!.includes(component)).length,
  tests: files.filter((file) => isTest(file) && text.get(file)!.includes(component)).length,
}));
const average = (key: 'code' | 'tests') => (places.reduce((total, place) => total + place[key], 0) / Math.max(1, places.length)).toFixed(1);
const most = [...places].sort((a, b) => b.code + b.tests - (a.code + a.tests)).slice(0, 5);
console.log(`页面组件名出现的文件：${places.length} 个页面，平均 ${average('code')} 个代码文件 + ${average('tests')} 个测试文件`);
for (const place of most) console.log(`  ${place.component.padEnd(28)} ${place.code} 个代码文件，${place.tests} 个测试文件`);
