/**
 * The words of the demo season's records (server/db/demo-season-records.ts): sentences a vocational student
 * writes in a 周记, 月报 or 实习计划书, put together by a choice derived from the student, the kind and the
 * period, so each record reads differently and every run of the same day writes the same ones.
 */

export type Chooser = <T>(items: readonly T[], ...keys: (string | number)[]) => T;

export interface TextContext {
  unit: string;
  post: string;
}

const WEEK_TOPICS = {
  early: ['熟悉岗位与团队', '参加入职培训', '学习岗位操作规范', '跟岗学习日常工作', '了解企业文化与制度'],
  middle: ['独立承担日常工作', '协助完成部门任务', '学习新的工作内容', '在实践中发现问题', '提高工作效率'],
  late: ['熟练完成岗位工作', '总结经验查找不足', '参与团队重点任务', '尝试改进工作方法', '带着问题学习提高'],
} as const;

const OPENERS = {
  early: [
    '本周是我在{unit}实习的第{week}周，主要任务是熟悉{post}岗位的工作流程和各项规章制度。',
    '这一周我继续在{unit}跟岗学习，在企业导师的带领下逐步了解{post}的日常工作内容。',
    '第{week}周我仍处在适应阶段，每天按时到{unit}上班，认真观察师傅们是怎样完成{post}工作的。',
  ],
  middle: [
    '第{week}周的实习已经进入正轨，我在{post}岗位上开始独立承担一部分日常工作。',
    '本周我在{unit}的工作比前几周更加忙碌，部门安排我协助同事完成了几项具体任务。',
    '进入实习的第{week}周，导师开始让我单独负责{post}岗位的部分工作，我既紧张又珍惜这个机会。',
  ],
  late: [
    '转眼已经是实习的第{week}周，我对{post}岗位的工作越来越熟练，能够按计划完成导师布置的任务。',
    '第{week}周我在{unit}的工作总体顺利，已经能够独立处理岗位上的大部分常规事务。',
    '实习进行到第{week}周，我开始思考如何把{post}的工作做得更好，而不仅仅是完成任务。',
  ],
} as const;

const WORK = [
  '每天上班后我先参加班前会，了解当天的工作安排和注意事项，然后按照岗位操作规范完成分配的工作，下班前整理工作记录并向导师汇报。',
  '本周我重点学习了岗位的标准作业流程，对照操作手册逐条核对自己的做法，发现了两处以前没有注意到的细节，及时进行了改正。',
  '在导师的指导下，我参与整理了部门的台账和资料，学会了使用公司的办公系统登记和查询数据，工作效率比上周有了提高。',
  '周三部门组织了安全和服务规范培训，我认真做了笔记，并在实际工作中注意落实，整周没有出现差错。',
  '本周我处理了多项日常事务，在与同事和客户沟通时注意使用礼貌用语，耐心听取对方的需求，得到了导师的肯定。',
  '我还跟随师傅参与了一次问题排查，从记录现象、分析原因到提出处理办法，完整地经历了解决问题的过程，收获很大。',
  '这周部门工作量较大，我主动留下来协助同事整理物品和资料，也借机向老员工请教了不少工作上的小技巧。',
  '导师给我布置了一项小任务，要求我在周五前独立完成，我提前做好计划，按步骤推进，最终按时提交并得到了认可。',
] as const;

const PROBLEMS = [
  '工作中我也遇到了一些困难，刚开始对业务不熟悉，处理速度比较慢，经过反复练习和向同事请教，现在已经能够按时完成。',
  '本周我在一次操作中因为粗心出现了小失误，导师及时指出并帮我分析原因，我认识到做事必须认真细致，严格按规范操作。',
  '我发现自己在专业知识方面还有欠缺，一些问题需要查资料才能弄明白，今后要把课堂上学过的知识和岗位实践结合起来。',
  '由于每天站立和走动的时间较长，刚开始有些不适应，我调整了作息，保证睡眠，现在身体状态已经好多了。',
] as const;

const REFLECTIONS = [
  '通过这一周的实习，我体会到职业岗位对责任心和纪律性的要求，也感受到团队协作的重要性。',
  '这一周让我明白了理论与实践之间的差距，只有多动手、多思考，才能真正掌握岗位技能。',
  '我越来越感受到，认真对待每一件小事，是成为一名合格职业人的基础。',
  '和同事们相处久了，我学会了换位思考，也更加理解了“干一行、爱一行”这句话的含义。',
] as const;

const NEXT_STEPS = [
  '下周我计划继续熟悉业务，争取独立完成更多工作，同时每天记录工作中的问题和收获。',
  '下周我将按照导师的安排学习新的工作内容，遇到不懂的地方主动请教，尽快提高自己的业务能力。',
  '接下来我会注意合理安排时间，保证工作质量，注意安全，并按时提交周记和月报。',
] as const;

const fill = (text: string, context: TextContext, extra: Record<string, string | number> = {}) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => String(name === 'unit' ? context.unit : name === 'post' ? context.post : (extra[name] ?? '')));

/** Characters as the record rules count them (white space left out). */
const length = (text: string) => [...text.replace(/\s/gu, '')].length;

/** Sentences to at least `min` characters, more work sentences added while short of it. */
function atLeast(sentences: string[], min: number, pick: Chooser, keys: (string | number)[]): string {
  let text = sentences.join('');
  for (let extra = 0; length(text) < min && extra < WORK.length; extra++) text += pick(WORK, ...keys, 'more', extra);
  return text;
}

const phaseOf = (week: number) => (week <= 3 ? 'early' : week <= 6 ? 'middle' : 'late');

export function weeklyTitle(pick: Chooser, key: string, week: number): string {
  return `第${week}周：${pick(WEEK_TOPICS[phaseOf(week)], key, 'topic', week)}`;
}

export function weeklyContent(pick: Chooser, context: TextContext, key: string, week: number, min: number): string {
  const phase = phaseOf(week);
  const first = pick(WORK, key, 'work1', week);
  const second = pick(
    WORK.filter((w) => w !== first),
    key,
    'work2',
    week,
  );
  return atLeast(
    [
      fill(pick(OPENERS[phase], key, 'open', week), context, { week }),
      first,
      second,
      pick(PROBLEMS, key, 'problem', week),
      pick(REFLECTIONS, key, 'reflect', week),
      pick(NEXT_STEPS, key, 'next', week),
    ],
    min,
    pick,
    [key, week],
  );
}

export function monthlyContent(pick: Chooser, context: TextContext, key: string, month: number, min: number): string {
  return atLeast(
    [
      `${month}月是我在${context.unit}实习的重要一个月。本月我在${context.post}岗位上完成了导师安排的各项工作，出勤情况良好，没有迟到早退。`,
      pick(WORK, key, 'mwork1', month),
      pick(WORK, key, 'mwork2', month),
      pick(
        [
          '本月的不足是遇到问题时有时不敢主动开口，耽误了一些时间；另外写工作记录不够及时，有时要靠回忆补写。',
          '本月的不足是专业基础不够扎实，面对稍复杂的任务还需要导师提醒，今后要利用业余时间补上短板。',
          '本月的不足是工作节奏把握得不好，忙的时候容易手忙脚乱，需要学会按轻重缓急安排任务。',
        ],
        key,
        'mweak',
        month,
      ),
      pick(
        [
          '下个月我打算在保证质量的前提下提高效率，争取独立负责一项完整的工作，并认真准备实习报告的素材。',
          '下个月我会继续虚心向师傅学习，多总结多反思，把每周的收获整理成笔记，争取在岗位考核中取得好成绩。',
        ],
        key,
        'mnext',
        month,
      ),
    ],
    min,
    pick,
    [key, 'month', month],
  );
}

export function planContent(pick: Chooser, context: TextContext, key: string, min: number): string {
  return atLeast(
    [
      `实习单位：${context.unit}；实习岗位：${context.post}。`,
      pick(
        [
          '一、实习目标：了解企业的组织结构、规章制度和岗位职责，掌握本岗位的基本操作技能，培养良好的职业素养和安全意识。',
          '一、实习目标：把在校所学的专业知识运用到实际工作中，熟练掌握岗位技能，提高沟通能力和团队协作能力，为就业做好准备。',
        ],
        key,
        'goal',
      ),
      '二、主要任务：遵守实习单位的各项规定，服从企业导师安排，认真完成岗位工作；每周提交周记，每月提交月报，按时签到。',
      pick(
        [
          '三、时间安排：第1至2周参加岗前培训，熟悉环境和流程；第3至8周在导师指导下跟岗实习；第9周以后逐步独立顶岗，实习结束前完成实习报告。',
          '三、时间安排：前两周熟悉企业和岗位，第三周起跟随师傅学习操作，两个月后争取独立完成岗位工作，最后一个月总结整理，撰写实习报告。',
        ],
        key,
        'time',
      ),
      '四、预期收获：掌握岗位所需的专业技能，养成按规范做事的习惯，明确自己的职业发展方向。',
    ],
    min,
    pick,
    [key, 'plan'],
  );
}

export const REVIEW_COMMENTS = [
  '内容具体，能结合岗位实际进行总结，继续保持。',
  '总结认真，反思到位，注意劳逸结合和人身安全。',
  '工作记录较完整，建议多写自己的思考和体会。',
  '按时提交，内容充实，值得肯定。',
  '能发现问题并想办法解决，很好。下周注意把收获写得更具体一些。',
  null,
] as const;

export const RETURN_COMMENTS = [
  '内容较笼统，请补充本周具体完成的工作和遇到的问题后重新提交。',
  '与上周的内容重复较多，请结合本周的实际情况重新整理后提交。',
  '请写清楚主要工作、收获和不足，不要只罗列流水账。',
] as const;

export const LEAVE_REASONS = {
  sick: ['身体不适发烧，需要到医院就诊，已向企业导师报备。', '肠胃不舒服，医生建议休息一天，已告知企业导师。', '牙痛需要到医院复诊，已和班组长调好班。'],
  personal: ['家中有事需要回家处理，已与企业导师沟通并安排好工作交接。', '需要回学校办理专升本考试的报名确认手续。', '参加表姐的婚礼，已提前和部门请好假并安排同事代班。'],
} as const;

export const CHANGE_REASON =
  '原实习岗位与所学专业不对口，长期从事简单重复的工作，经与家长和企业导师沟通，拟变更到新单位从事与专业相关的岗位，新单位已同意接收并签订了新的三方协议。';
