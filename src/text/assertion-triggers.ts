/**
 * The words that make a mention of a concept not asserted (docs/contract.md §2, "Asserted
 * mentions"), in one place. Written in normalised form (lower case, no full-width forms).
 *
 * Each trigger has a direction, the side of the trigger its scope covers inside a clause:
 * - `following`: the text after it ("not the network", "不是网络问题");
 * - `preceding`: the text before it ("the network was ruled out", "网络问题已被排除");
 * - `both`: either side ("ruled out X" and "X ruled out"; "可能是连接池" and "连接池可能耗尽").
 *
 * A config file adds triggers with `contract.negationTriggers` and `contract.hedgeTriggers`;
 * those cover the text that follows them, or, written with a leading "..." or "…", the text
 * that precedes them ("...was dismissed").
 */

export type TriggerDirection = 'following' | 'preceding' | 'both';

export interface TriggerEntry {
  text: string;
  direction: TriggerDirection;
}

const following = (...texts: string[]): TriggerEntry[] => texts.map((text) => ({ text, direction: 'following' }));
const preceding = (...texts: string[]): TriggerEntry[] => texts.map((text) => ({ text, direction: 'preceding' }));
const both = (...texts: string[]): TriggerEntry[] => texts.map((text) => ({ text, direction: 'both' }));

export const NEGATION_TRIGGERS: readonly TriggerEntry[] = [
  // English
  ...following(
    'not',
    'no',
    'never',
    "isn't",
    "wasn't",
    "aren't",
    "weren't",
    "doesn't",
    "didn't",
    "don't",
    'cannot be',
    "can't be",
  ),
  ...following('rather than', 'instead of', 'neither', 'nor', 'ruling out', 'excluding', 'exclude'),
  ...both('ruled out', 'rule out', 'excluded', 'unlikely', 'eliminated', 'impossible'),
  // "X is not the cause", "X was healthy": the mention comes first and its own clause denies it.
  ...preceding(
    'not the cause',
    'not the root cause',
    'not a cause',
    'not the culprit',
    'not to blame',
    'not responsible',
    'not involved',
    'not related',
    'unrelated',
    'not the problem',
    'not the issue',
    'not a factor',
    'is fine',
    'was fine',
    'are fine',
    'were fine',
    'looked fine',
    'looks fine',
    'is healthy',
    'was healthy',
    'are healthy',
    'were healthy',
    'stayed healthy',
    'remained healthy',
    'looked healthy',
    'looks healthy',
    'is normal',
    'was normal',
    'are normal',
    'were normal',
    'stayed normal',
    'remained normal',
    'looked normal',
    'looks normal',
    'unaffected',
    'not affected',
    'unchanged',
    'did not change',
    "didn't change",
  ),
  // Chinese
  ...following('不是', '并非', '非', '没有', '无', '未', '并不', '而非', '不可能', '并没有'),
  ...both('排除', '已排除', '可以排除', '不存在', '不太可能'),
  ...preceding(
    '被排除',
    '已被排除',
    '的可能性不大',
    '可能性不大',
    '可能性很小',
    '可能性较小',
    '可能性极小',
    '不是根因',
    '不是原因',
    '不是主因',
    '不是问题所在',
    '并非根因',
    '并非原因',
    '无关',
    '没有关系',
    '没关系',
    '没有问题',
    '没问题',
    '无问题',
    '正常',
    '无异常',
    '没有异常',
    '未见异常',
    '没有变化',
    '无变化',
    '未变化',
    '不受影响',
    '未受影响',
  ),
];

export const HEDGE_TRIGGERS: readonly TriggerEntry[] = [
  // English
  ...both('may', 'might', 'could', 'possibly', 'perhaps', 'maybe', 'suspected', 'probably not'),
  ...following('suspect', 'whether', 'if', 'not sure', 'not certain', 'unclear whether', 'presumably'),
  ...preceding('is suspected', 'to be confirmed', 'unconfirmed', 'not confirmed', 'not yet confirmed'),
  // Chinese
  ...both('可能', '或许', '也许', '疑似', '是否', '猜测', '推测', '不确定', '尚未确认', '尚不确定', '待定'),
  ...following('怀疑', '大概是', '估计是'),
  ...preceding('待确认', '有待确认', '待核实', '有待核实', '需要进一步确认', '尚未核实', '未经证实', '未证实'),
];

/**
 * Words that end the scope of every trigger before them and of every `preceding` trigger
 * after them: "not the network but the connection pool", "不是网络问题，而是连接池耗尽".
 * "instead" only when not followed by "of", which is a negation trigger.
 */
export const CONTRAST_WORDS: readonly string[] = [
  'but',
  'however',
  'instead',
  'whereas',
  'while',
  'rather',
  'actually',
  'in fact',
  '而是',
  '但是',
  '但',
  '不过',
  '然而',
  '可是',
  '却',
  '实际上',
  '事实上',
  '其实',
];

/**
 * Cause-and-effect words: a negation or hedge of the cause does not reach across them to the
 * effect ("事务未提交导致连接池耗尽": the pool exhaustion is asserted), unless the trigger
 * stands right before them ("not caused by", "不是由于", "没有导致"), when the negation is of
 * the link itself and reaches what follows.
 */
export const CAUSAL_WORDS: readonly string[] = [
  'caused',
  'causing',
  'causes',
  'led to',
  'leads to',
  'leading to',
  'resulting in',
  'resulted in',
  'because',
  'due to',
  'so that',
  'therefore',
  'which',
  // "not resolved until the pool was enlarged": what follows "until" is what did happen.
  'until',
  '导致',
  '造成',
  '引起',
  '引发',
  '使得',
  '因为',
  '由于',
  '从而',
  '所以',
  '因此',
  '进而',
  '以致',
  '直到',
];

/**
 * Ordinary words that contain a trigger but negate or hedge nothing. Chinese writes no spaces,
 * so the single-character triggers 无, 非, 未 occur inside many words (无法 "cannot", 非常
 * "very", 未来 "future", 未命中 "missed"); an occurrence inside one of these words is no trigger.
 */
export const EXEMPT_PHRASES: readonly string[] = [
  // English
  'not only',
  'not just',
  'not merely',
  'no other',
  'no doubt',
  'not until',
  'could not',
  "couldn't",
  'cannot',
  "can't",
  'can not',
  'unable to',
  'if any',
  'back to normal',
  'returned to normal',
  'return to normal',
  'abnormal',
  // Chinese
  '无法',
  '无论',
  '无效',
  '无数',
  '无限',
  '无响应',
  '无故',
  '无须',
  '无需',
  '毫无疑问',
  '无疑',
  '非常',
  '非法',
  '非预期',
  '非空',
  '除非',
  '无非',
  '莫非',
  '是非',
  '未来',
  '未知',
  '未命中',
  '未释放',
  '未提交',
  '未关闭',
  '未归还',
  '未设置',
  '未配置',
  '未处理',
  '未捕获',
  '未能',
  '没有设置',
  '没有配置',
  '没有释放',
  '没有归还',
  '没有关闭',
  '没有提交',
  '没有限制',
  '没有索引',
  '没有ttl',
  '没有拿到',
  '没拿到',
  '没有获取到',
  '未获取到',
  '恢复正常',
  '不正常',
  '非正常',
  '正常化',
  '故障排除',
  '排除故障',
  '尽可能',
];

/** A clause that ends with one of these, or with "?", asks; it asserts nothing. */
export const QUESTION_PARTICLES: readonly string[] = ['吗', '呢'];
