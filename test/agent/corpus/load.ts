import { parseCommand, type ParseContext } from '../../../src/agent/parser';
import { readPending, storePending, type StoredPending } from '../../../src/agent/state';
import type { AmountSpec, Command, ParseResult, QueryCommand, SwapCommand, TransferCommand } from '../../../src/agent/command';
import { format, parseDecimal } from '../../../src/agent/decimal';
import { TokenRegistry } from '../../../src/tokens/token-registry';
import dialoguesJson from './dialogues.json';
import dialogues2Json from './dialogues-2.json';
import dialogues3Json from './dialogues-3.json';
import dialogues4Json from './dialogues-4.json';
import dialogues5Json from './dialogues-5.json';
import dialogues6Json from './dialogues-6.json';
import dialogues7Json from './dialogues-7.json';
import dialogues8Json from './dialogues-8.json';
import dialogues9Json from './dialogues-9.json';
import dialogues10Json from './dialogues-10.json';
import dialogues11Json from './dialogues-11.json';
import dialogues12Json from './dialogues-12.json';
import dialogues13Json from './dialogues-13.json';
import dialogues14Json from './dialogues-14.json';
import dialogues15Json from './dialogues-15.json';
import dialogues16Json from './dialogues-16.json';
import dialogues17Json from './dialogues-17.json';
import dialogues18Json from './dialogues-18.json';
import dialogues19Json from './dialogues-19.json';
import dialogues20Json from './dialogues-20.json';
import dialogues21Json from './dialogues-21.json';
import dialogues22Json from './dialogues-22.json';
import dialogues23Json from './dialogues-23.json';
import dialogues24Json from './dialogues-24.json';
import dialogues25Json from './dialogues-25.json';
import dialogues26Json from './dialogues-26.json';
import dialogues27Json from './dialogues-27.json';
import dialogues28Json from './dialogues-28.json';
import dialogues29Json from './dialogues-29.json';
import dialogues30Json from './dialogues-30.json';
import dialogues31Json from './dialogues-31.json';
import dialogues32Json from './dialogues-32.json';
import dialogues33Json from './dialogues-33.json';
import dialogues34Json from './dialogues-34.json';
import dialogues35Json from './dialogues-35.json';
import dialogues36Json from './dialogues-36.json';
import dialogues37Json from './dialogues-37.json';
import dialogues38Json from './dialogues-38.json';
import dialogues39Json from './dialogues-39.json';
import dialogues40Json from './dialogues-40.json';
import dialogues41Json from './dialogues-41.json';
import dialogues42Json from './dialogues-42.json';
import dialogues43Json from './dialogues-43.json';
import dialogues44Json from './dialogues-44.json';
import dialogues45Json from './dialogues-45.json';
import dialogues46Json from './dialogues-46.json';
import dialogues47Json from './dialogues-47.json';
import dialogues48Json from './dialogues-48.json';
import dialogues49Json from './dialogues-49.json';
import dialogues50Json from './dialogues-50.json';
import dialogues51Json from './dialogues-51.json';
import dialogues52Json from './dialogues-52.json';
import dialogues53Json from './dialogues-53.json';
import dialogues54Json from './dialogues-54.json';
import dialogues55Json from './dialogues-55.json';
import dialogues56Json from './dialogues-56.json';
import dialogues57Json from './dialogues-57.json';
import dialogues58Json from './dialogues-58.json';
import dialogues59Json from './dialogues-59.json';
import dialogues60Json from './dialogues-60.json';
import dialogues61Json from './dialogues-61.json';
import dialogues62Json from './dialogues-62.json';
import handWritten from './hand-written.json';
import handWritten2 from './hand-written-2.json';
import handWritten3 from './hand-written-3.json';
import handWritten4 from './hand-written-4.json';
import handWritten5 from './hand-written-5.json';
import handWritten6 from './hand-written-6.json';
import handWritten7 from './hand-written-7.json';
import handWritten8 from './hand-written-8.json';
import handWritten9 from './hand-written-9.json';
import handWritten10 from './hand-written-10.json';
import handWritten11 from './hand-written-11.json';
import handWritten12 from './hand-written-12.json';
import handWritten13 from './hand-written-13.json';
import handWritten14 from './hand-written-14.json';
import handWritten15 from './hand-written-15.json';
import handWritten16 from './hand-written-16.json';
import handWritten17 from './hand-written-17.json';
import handWritten18 from './hand-written-18.json';
import handWritten19 from './hand-written-19.json';
import handWritten20 from './hand-written-20.json';
import handWritten21 from './hand-written-21.json';
import handWritten22 from './hand-written-22.json';
import handWritten23 from './hand-written-23.json';
import handWritten24 from './hand-written-24.json';
import handWritten25 from './hand-written-25.json';
import handWritten26 from './hand-written-26.json';
import handWritten27 from './hand-written-27.json';
import handWritten28 from './hand-written-28.json';
import handWritten29 from './hand-written-29.json';
import handWritten30 from './hand-written-30.json';
import handWritten31 from './hand-written-31.json';
import handWritten32 from './hand-written-32.json';
import handWritten33 from './hand-written-33.json';
import handWritten34 from './hand-written-34.json';
import handWritten35 from './hand-written-35.json';
import handWritten36 from './hand-written-36.json';
import handWritten37 from './hand-written-37.json';
import handWritten38 from './hand-written-38.json';
import handWritten39 from './hand-written-39.json';
import handWritten40 from './hand-written-40.json';
import handWritten41 from './hand-written-41.json';
import handWritten42 from './hand-written-42.json';
import handWritten43 from './hand-written-43.json';
import handWritten44 from './hand-written-44.json';
import handWritten45 from './hand-written-45.json';
import handWritten46 from './hand-written-46.json';
import handWritten47 from './hand-written-47.json';
import handWritten48 from './hand-written-48.json';
import handWritten49 from './hand-written-49.json';
import handWritten50 from './hand-written-50.json';
import handWritten51 from './hand-written-51.json';
import handWritten52 from './hand-written-52.json';
import handWritten53 from './hand-written-53.json';
import handWritten54 from './hand-written-54.json';
import handWritten55 from './hand-written-55.json';
import handWritten56 from './hand-written-56.json';
import handWritten57 from './hand-written-57.json';
import handWritten58 from './hand-written-58.json';
import handWritten59 from './hand-written-59.json';
import handWritten60 from './hand-written-60.json';
import handWritten61 from './hand-written-61.json';
import handWritten62 from './hand-written-62.json';
import handWritten63 from './hand-written-63.json';
import handWritten64 from './hand-written-64.json';
import handWritten65 from './hand-written-65.json';
import handWritten66 from './hand-written-66.json';
import handWritten67 from './hand-written-67.json';
import handWritten68 from './hand-written-68.json';
import handWritten69 from './hand-written-69.json';
import handWritten70 from './hand-written-70.json';
import handWritten71 from './hand-written-71.json';
import handWritten72 from './hand-written-72.json';
import handWritten73 from './hand-written-73.json';
import handWritten74 from './hand-written-74.json';
import handWritten75 from './hand-written-75.json';
import handWritten76 from './hand-written-76.json';
import handWritten77 from './hand-written-77.json';
import handWritten78 from './hand-written-78.json';
import handWritten79 from './hand-written-79.json';
import handWritten80 from './hand-written-80.json';
import handWritten81 from './hand-written-81.json';
import handWritten82 from './hand-written-82.json';
import harvested from './harvested.json';
import harvested2 from './harvested-2.json';
import harvested3 from './harvested-3.json';
import harvested4 from './harvested-4.json';
import harvested5 from './harvested-5.json';
import harvested6 from './harvested-6.json';
import harvested7 from './harvested-7.json';
import harvested8 from './harvested-8.json';
import harvested9 from './harvested-9.json';
import harvested10 from './harvested-10.json';
import harvested11 from './harvested-11.json';
import harvested12 from './harvested-12.json';
import harvested13 from './harvested-13.json';
import harvested14 from './harvested-14.json';
import harvested15 from './harvested-15.json';
import harvested16 from './harvested-16.json';
import harvested17 from './harvested-17.json';
import harvested18 from './harvested-18.json';
import harvested19 from './harvested-19.json';
import harvested20 from './harvested-20.json';
import harvested21 from './harvested-21.json';
import harvested22 from './harvested-22.json';
import harvested23 from './harvested-23.json';
import harvested24 from './harvested-24.json';
import harvested25 from './harvested-25.json';
import harvested26 from './harvested-26.json';
import additions from './additions.json';
import mustRefuse from './must-refuse.json';
import { generate } from './grammar';

/**
 * The labelled corpus (README.md beside this file) and how a parse is scored against a label.
 * Used by corpus.test.ts and `npm run bench:agent`.
 */

export type Expect = Record<string, unknown> & { intent?: string; refuse?: string; ask?: string; noTransaction?: boolean };

export interface Case {
  id: string;
  text: string;
  category: string;
  expect: Expect;
  source?: string;
  family: 'hand-written' | 'must-refuse' | 'harvested' | 'grammar';
  split: Split;
  /** A blind batch's name: cases written by people who never saw the parser. */
  batch?: string;
}

export interface Dialogue {
  id: string;
  category: string;
  turns: Array<{ text: string; expect: Expect }>;
  split: Split;
  batch?: string;
}

export type Split = 'dev' | 'test';

/** The split of a case, from its id alone: FNV-1a of the id, even → dev, odd → test. */
export function splitOf(id: string): Split {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 2 === 0 ? 'dev' : 'test';
}

type Raw = { id: string; text: string; category: string; expect: Expect; source?: string };
const withFamily = (rows: Raw[], family: Case['family'], batch?: string): Case[] => rows.map((row) => ({ ...row, family, split: splitOf(row.id), ...(batch && { batch }) }));
/** The blind batches of issue 32: the first, a second and a third written in its next session, a fourth, a fifth and a sixth in the one after, a seventh, an eighth and a ninth in the next, a tenth to a sixteenth in the one after, a seventeenth in the next, an eighteenth to a twentieth in the one after, a twenty-first and a twenty-second in the next, a twenty-third and a twenty-fourth in the one after, a twenty-fifth, a twenty-sixth and a twenty-seventh in the next, a twenty-eighth and a twenty-ninth in the one after, a thirtieth to a thirty-fourth in the next, a thirty-fifth to a thirty-eighth in the one after, a thirty-ninth and a fortieth in the next, a forty-first and a forty-second in the one after, a forty-third to a forty-fifth in the next, a forty-sixth to a forty-eighth in the one after, a forty-ninth to a fifty-second in the next, a fifty-third to a fifty-seventh in the one after, a fifty-eighth to a sixtieth in the next, a sixty-first to a sixty-third in the one after. */
const BLIND = 'blind-32';
const BLIND_2 = 'blind-32b';
const BLIND_3 = 'blind-32c';
const BLIND_4 = 'blind-32d';
const BLIND_5 = 'blind-32e';
const BLIND_6 = 'blind-32f';
const BLIND_7 = 'blind-32g';
const BLIND_8 = 'blind-32h';
const BLIND_9 = 'blind-32i';
const BLIND_10 = 'blind-32j';
const BLIND_11 = 'blind-32k';
const BLIND_12 = 'blind-32l';
const BLIND_13 = 'blind-32m';
const BLIND_14 = 'blind-32n';
const BLIND_15 = 'blind-32o';
const BLIND_16 = 'blind-32p';
const BLIND_17 = 'blind-32q';
const BLIND_18 = 'blind-32r';
const BLIND_19 = 'blind-32s';
const BLIND_20 = 'blind-32t';
const BLIND_21 = 'blind-32u';
const BLIND_22 = 'blind-32v';
const BLIND_23 = 'blind-32w';
const BLIND_24 = 'blind-32x';
const BLIND_25 = 'blind-32y';
const BLIND_26 = 'blind-32z';
const BLIND_27 = 'blind-32za';
const BLIND_28 = 'blind-32zb';
const BLIND_29 = 'blind-32zc';
const BLIND_30 = 'blind-32zd';
const BLIND_31 = 'blind-32ze';
const BLIND_32 = 'blind-32zf';
const BLIND_33 = 'blind-32zg';
const BLIND_34 = 'blind-32zh';
const BLIND_35 = 'blind-32zi';
const BLIND_36 = 'blind-32zj';
const BLIND_37 = 'blind-32zk';
const BLIND_38 = 'blind-32zl';
const BLIND_39 = 'blind-32zm';
const BLIND_40 = 'blind-32zn';
const BLIND_41 = 'blind-32zo';
const BLIND_42 = 'blind-32zp';
const BLIND_43 = 'blind-32zq';
const BLIND_44 = 'blind-32zr';
const BLIND_45 = 'blind-32zs';
const BLIND_46 = 'blind-32zt';
const BLIND_47 = 'blind-32zu';
const BLIND_48 = 'blind-32zv';
const BLIND_49 = 'blind-32zw';
const BLIND_50 = 'blind-32zx';
const BLIND_51 = 'blind-32zy';
const BLIND_52 = 'blind-32zz';
const BLIND_53 = 'blind-32zza';
const BLIND_54 = 'blind-32zzb';
const BLIND_55 = 'blind-32zzc';
const BLIND_56 = 'blind-32zzd';
const BLIND_57 = 'blind-32zze';
const BLIND_58 = 'blind-32zzf';
const BLIND_59 = 'blind-32zzg';
const BLIND_60 = 'blind-32zzh';
const BLIND_61 = 'blind-32zzi';
const BLIND_62 = 'blind-32zzj';
const BLIND_63 = 'blind-32zzk';

export const cases: Case[] = [
  ...withFamily(handWritten as Raw[], 'hand-written'),
  ...withFamily(handWritten2 as Raw[], 'hand-written'),
  ...withFamily(handWritten3 as Raw[], 'hand-written'),
  ...withFamily(handWritten4 as Raw[], 'hand-written'),
  ...withFamily(handWritten5 as Raw[], 'hand-written'),
  ...withFamily(handWritten6 as Raw[], 'hand-written'),
  ...withFamily(handWritten7 as Raw[], 'hand-written', BLIND),
  ...withFamily(handWritten8 as Raw[], 'hand-written', BLIND),
  ...withFamily(handWritten9 as Raw[], 'hand-written', BLIND_2),
  ...withFamily(handWritten10 as Raw[], 'hand-written', BLIND_2),
  ...withFamily(handWritten11 as Raw[], 'hand-written', BLIND_3),
  ...withFamily(handWritten12 as Raw[], 'hand-written', BLIND_3),
  ...withFamily(handWritten13 as Raw[], 'hand-written', BLIND_4),
  ...withFamily(handWritten14 as Raw[], 'hand-written', BLIND_4),
  ...withFamily(handWritten15 as Raw[], 'hand-written', BLIND_5),
  ...withFamily(handWritten16 as Raw[], 'hand-written', BLIND_5),
  ...withFamily(handWritten17 as Raw[], 'hand-written', BLIND_6),
  ...withFamily(handWritten18 as Raw[], 'hand-written', BLIND_6),
  ...withFamily(handWritten19 as Raw[], 'hand-written', BLIND_7),
  ...withFamily(handWritten20 as Raw[], 'hand-written', BLIND_7),
  ...withFamily(handWritten21 as Raw[], 'hand-written', BLIND_8),
  ...withFamily(handWritten22 as Raw[], 'hand-written', BLIND_8),
  ...withFamily(handWritten23 as Raw[], 'hand-written', BLIND_9),
  ...withFamily(handWritten24 as Raw[], 'hand-written', BLIND_10),
  ...withFamily(handWritten25 as Raw[], 'hand-written', BLIND_10),
  ...withFamily(handWritten26 as Raw[], 'hand-written', BLIND_11),
  ...withFamily(handWritten27 as Raw[], 'hand-written', BLIND_12),
  ...withFamily(handWritten28 as Raw[], 'hand-written', BLIND_12),
  ...withFamily(handWritten29 as Raw[], 'hand-written', BLIND_13),
  ...withFamily(handWritten30 as Raw[], 'hand-written', BLIND_13),
  ...withFamily(handWritten31 as Raw[], 'hand-written', BLIND_14),
  ...withFamily(handWritten32 as Raw[], 'hand-written', BLIND_14),
  ...withFamily(handWritten33 as Raw[], 'hand-written', BLIND_15),
  ...withFamily(handWritten34 as Raw[], 'hand-written', BLIND_15),
  ...withFamily(handWritten35 as Raw[], 'hand-written', BLIND_16),
  ...withFamily(handWritten36 as Raw[], 'hand-written', BLIND_16),
  ...withFamily(handWritten37 as Raw[], 'hand-written', BLIND_17),
  ...withFamily(handWritten38 as Raw[], 'hand-written', BLIND_17),
  ...withFamily(handWritten39 as Raw[], 'hand-written', BLIND_18),
  ...withFamily(handWritten40 as Raw[], 'hand-written', BLIND_18),
  ...withFamily(handWritten41 as Raw[], 'hand-written', BLIND_19),
  ...withFamily(handWritten42 as Raw[], 'hand-written', BLIND_19),
  ...withFamily(handWritten43 as Raw[], 'hand-written', BLIND_20),
  ...withFamily(handWritten44 as Raw[], 'hand-written', BLIND_21),
  ...withFamily(handWritten45 as Raw[], 'hand-written', BLIND_21),
  ...withFamily(handWritten46 as Raw[], 'hand-written', BLIND_22),
  ...withFamily(handWritten47 as Raw[], 'hand-written', BLIND_23),
  ...withFamily(handWritten48 as Raw[], 'hand-written', BLIND_24),
  ...withFamily(handWritten49 as Raw[], 'hand-written', BLIND_25),
  ...withFamily(handWritten50 as Raw[], 'hand-written', BLIND_26),
  ...withFamily(handWritten51 as Raw[], 'hand-written', BLIND_27),
  ...withFamily(handWritten52 as Raw[], 'hand-written', BLIND_28),
  ...withFamily(handWritten53 as Raw[], 'hand-written', BLIND_29),
  ...withFamily(handWritten54 as Raw[], 'hand-written', BLIND_30),
  ...withFamily(handWritten55 as Raw[], 'hand-written', BLIND_31),
  ...withFamily(handWritten56 as Raw[], 'hand-written', BLIND_32),
  ...withFamily(handWritten57 as Raw[], 'hand-written', BLIND_33),
  ...withFamily(handWritten58 as Raw[], 'hand-written', BLIND_35),
  ...withFamily(handWritten59 as Raw[], 'hand-written', BLIND_37),
  ...withFamily(handWritten60 as Raw[], 'hand-written', BLIND_39),
  ...withFamily(handWritten61 as Raw[], 'hand-written', BLIND_40),
  ...withFamily(handWritten62 as Raw[], 'hand-written', BLIND_41),
  ...withFamily(handWritten63 as Raw[], 'hand-written', BLIND_42),
  ...withFamily(handWritten64 as Raw[], 'hand-written', BLIND_43),
  ...withFamily(handWritten65 as Raw[], 'hand-written', BLIND_44),
  ...withFamily(handWritten66 as Raw[], 'hand-written', BLIND_45),
  ...withFamily(handWritten67 as Raw[], 'hand-written', BLIND_46),
  ...withFamily(handWritten68 as Raw[], 'hand-written', BLIND_47),
  ...withFamily(handWritten69 as Raw[], 'hand-written', BLIND_48),
  ...withFamily(handWritten70 as Raw[], 'hand-written', BLIND_49),
  ...withFamily(handWritten71 as Raw[], 'hand-written', BLIND_50),
  ...withFamily(handWritten72 as Raw[], 'hand-written', BLIND_52),
  ...withFamily(handWritten73 as Raw[], 'hand-written', BLIND_53),
  ...withFamily(handWritten74 as Raw[], 'hand-written', BLIND_54),
  ...withFamily(handWritten75 as Raw[], 'hand-written', BLIND_56),
  ...withFamily(handWritten76 as Raw[], 'hand-written', BLIND_57),
  ...withFamily(handWritten77 as Raw[], 'hand-written', BLIND_58),
  ...withFamily(handWritten78 as Raw[], 'hand-written', BLIND_59),
  ...withFamily(handWritten79 as Raw[], 'hand-written', BLIND_60),
  ...withFamily(handWritten80 as Raw[], 'hand-written', BLIND_61),
  ...withFamily(handWritten81 as Raw[], 'hand-written', BLIND_62),
  ...withFamily(handWritten82 as Raw[], 'hand-written', BLIND_63),
  ...withFamily(additions as Raw[], 'hand-written'),
  ...withFamily(mustRefuse as Raw[], 'must-refuse'),
  ...withFamily(harvested as Raw[], 'harvested'),
  ...withFamily(harvested2 as Raw[], 'harvested', BLIND),
  ...withFamily(harvested3 as Raw[], 'harvested', BLIND_2),
  ...withFamily(harvested4 as Raw[], 'harvested', BLIND_3),
  ...withFamily(harvested5 as Raw[], 'harvested', BLIND_4),
  ...withFamily(harvested6 as Raw[], 'harvested', BLIND_4),
  ...withFamily(harvested7 as Raw[], 'harvested', BLIND_4),
  ...withFamily(harvested8 as Raw[], 'harvested', BLIND_5),
  ...withFamily(harvested9 as Raw[], 'harvested', BLIND_7),
  ...withFamily(harvested10 as Raw[], 'harvested', BLIND_10),
  ...withFamily(harvested11 as Raw[], 'harvested', BLIND_11),
  ...withFamily(harvested12 as Raw[], 'harvested', BLIND_12),
  ...withFamily(harvested13 as Raw[], 'harvested', BLIND_17),
  ...withFamily(harvested14 as Raw[], 'harvested', BLIND_18),
  ...withFamily(harvested15 as Raw[], 'harvested', BLIND_20),
  ...withFamily(harvested16 as Raw[], 'harvested', BLIND_21),
  ...withFamily(harvested17 as Raw[], 'harvested', BLIND_23),
  ...withFamily(harvested18 as Raw[], 'harvested', BLIND_25),
  ...withFamily(harvested19 as Raw[], 'harvested', BLIND_26),
  ...withFamily(harvested20 as Raw[], 'harvested', BLIND_28),
  ...withFamily(harvested21 as Raw[], 'harvested', BLIND_30),
  ...withFamily(harvested22 as Raw[], 'harvested', BLIND_36),
  ...withFamily(harvested23 as Raw[], 'harvested', BLIND_38),
  ...withFamily(harvested24 as Raw[], 'harvested', BLIND_39),
  ...withFamily(harvested25 as Raw[], 'harvested', BLIND_51),
  ...withFamily(harvested26 as Raw[], 'harvested', BLIND_55),
  ...withFamily(generate() as Raw[], 'grammar'),
];

type RawDialogue = Omit<Dialogue, 'split' | 'batch'>;
const withSplit = (rows: RawDialogue[], batch?: string): Dialogue[] => rows.map((d) => ({ ...d, split: splitOf(d.id), ...(batch && { batch }) }));

export const dialogues: Dialogue[] = [
  ...withSplit([...dialoguesJson, ...dialogues2Json, ...dialogues3Json, ...dialogues4Json, ...dialogues5Json, ...dialogues6Json] as RawDialogue[]),
  ...withSplit([...dialogues7Json, ...dialogues8Json] as RawDialogue[], BLIND),
  ...withSplit([...dialogues9Json, ...dialogues10Json] as RawDialogue[], BLIND_2),
  ...withSplit(dialogues11Json as RawDialogue[], BLIND_3),
  ...withSplit([...dialogues12Json, ...dialogues13Json] as RawDialogue[], BLIND_4),
  ...withSplit(dialogues14Json as RawDialogue[], BLIND_5),
  ...withSplit(dialogues15Json as RawDialogue[], BLIND_6),
  ...withSplit(dialogues16Json as RawDialogue[], BLIND_7),
  ...withSplit(dialogues17Json as RawDialogue[], BLIND_8),
  ...withSplit(dialogues18Json as RawDialogue[], BLIND_9),
  ...withSplit(dialogues19Json as RawDialogue[], BLIND_10),
  ...withSplit(dialogues20Json as RawDialogue[], BLIND_11),
  ...withSplit(dialogues21Json as RawDialogue[], BLIND_12),
  ...withSplit(dialogues22Json as RawDialogue[], BLIND_13),
  ...withSplit([...dialogues23Json, ...dialogues24Json] as RawDialogue[], BLIND_14),
  ...withSplit(dialogues25Json as RawDialogue[], BLIND_15),
  ...withSplit(dialogues26Json as RawDialogue[], BLIND_16),
  ...withSplit(dialogues27Json as RawDialogue[], BLIND_17),
  ...withSplit(dialogues28Json as RawDialogue[], BLIND_18),
  ...withSplit(dialogues29Json as RawDialogue[], BLIND_19),
  ...withSplit(dialogues30Json as RawDialogue[], BLIND_20),
  ...withSplit(dialogues31Json as RawDialogue[], BLIND_21),
  ...withSplit(dialogues32Json as RawDialogue[], BLIND_22),
  ...withSplit(dialogues33Json as RawDialogue[], BLIND_23),
  ...withSplit(dialogues34Json as RawDialogue[], BLIND_24),
  ...withSplit(dialogues35Json as RawDialogue[], BLIND_25),
  ...withSplit(dialogues36Json as RawDialogue[], BLIND_27),
  ...withSplit(dialogues37Json as RawDialogue[], BLIND_28),
  ...withSplit(dialogues38Json as RawDialogue[], BLIND_29),
  ...withSplit(dialogues39Json as RawDialogue[], BLIND_30),
  ...withSplit(dialogues40Json as RawDialogue[], BLIND_31),
  ...withSplit(dialogues41Json as RawDialogue[], BLIND_32),
  ...withSplit(dialogues42Json as RawDialogue[], BLIND_33),
  ...withSplit(dialogues43Json as RawDialogue[], BLIND_34),
  ...withSplit(dialogues44Json as RawDialogue[], BLIND_35),
  ...withSplit(dialogues45Json as RawDialogue[], BLIND_37),
  ...withSplit(dialogues46Json as RawDialogue[], BLIND_39),
  ...withSplit(dialogues47Json as RawDialogue[], BLIND_40),
  ...withSplit(dialogues48Json as RawDialogue[], BLIND_41),
  ...withSplit(dialogues49Json as RawDialogue[], BLIND_42),
  ...withSplit(dialogues50Json as RawDialogue[], BLIND_43),
  ...withSplit(dialogues51Json as RawDialogue[], BLIND_44),
  ...withSplit(dialogues52Json as RawDialogue[], BLIND_47),
  ...withSplit(dialogues53Json as RawDialogue[], BLIND_50),
  ...withSplit(dialogues54Json as RawDialogue[], BLIND_53),
  ...withSplit(dialogues55Json as RawDialogue[], BLIND_54),
  ...withSplit(dialogues56Json as RawDialogue[], BLIND_57),
  ...withSplit(dialogues57Json as RawDialogue[], BLIND_58),
  ...withSplit(dialogues58Json as RawDialogue[], BLIND_59),
  ...withSplit(dialogues59Json as RawDialogue[], BLIND_60),
  ...withSplit(dialogues60Json as RawDialogue[], BLIND_61),
  ...withSplit(dialogues61Json as RawDialogue[], BLIND_62),
  ...withSplit(dialogues62Json as RawDialogue[], BLIND_63),
];

const registry = TokenRegistry.bundled();

/** The registry of mainnet, as the agent sees it for a live key. */
export const vocabulary = {
  lookup: (text: string) => {
    const token = registry.resolve(text, 'mainnet');
    return token && { symbol: token.symbol, mint: token.mint, decimals: token.decimals };
  },
  symbols: registry.all('mainnet').map((token) => token.symbol),
  names: registry.names('mainnet'),
  isMint: (address: string) => registry.isMint(address),
  nameOf: (mint: string) => registry.mint(mint, 'mainnet')?.name,
};

/** Requests that the context bank's sentences (context-bank.json) are said around, before or after: context.test.ts, `npm run bench:agent`. */
const CONTEXT_RECIPIENT = 'Be3v757KGbR1cgdXgKtSVb3iqAwWE6AvX9LmZUJy3ZV';
export const contextCommands = [
  'Swap 2 SOL for USDC.', 'swap 0.5 sol to jup', 'Buy 100 BONK with USDC.', 'Sell 40 JUP for SOL.', 'convert 25 usdc to sol',
  `Send 20 USDC to ${CONTEXT_RECIPIENT}.`, `Transfer 500 BONK to ${CONTEXT_RECIPIENT}.`, 'Swap 30% of my WIF for USDC.', 'Buy $50 worth of JTO with USDC.',
  'Swap all my USDT to USDC.', `Pay ${CONTEXT_RECIPIENT} 12 USDC.`, 'Exchange 300 USDC for JitoSOL.',
];
export const saidBefore = (context: string, command: string) => `${context} ${command}`;
/** What a message builds, in the labels' shape, or nothing. */
export const builtLabel = (text: string) => {
  const result = parseCommand(text, vocabulary);
  return result.ok ? JSON.stringify(labelOf(result.command)) : undefined;
};
export const saidAfter = (context: string, command: string) => `${/[.!?]$/.test(command) ? command : `${command}.`} ${context}`;

/** A label must be refused (no transaction) or may be answered without one. */
export const mustNotTransact = (expect: Expect) => expect.refuse !== undefined || expect.noTransaction === true;

export const isTransaction = (result: ParseResult) => result.ok && (result.command.action === 'swap' || result.command.action === 'transfer');

/** Whether a parse is what the label says. */
export function matches(result: ParseResult, expect: Expect): boolean {
  if (expect.noTransaction) return !isTransaction(result);
  if (expect.refuse !== undefined) return !result.ok && (expect.ask === undefined || result.ask === expect.ask);
  if (!result.ok) return false;
  return JSON.stringify(labelOf(result.command)) === JSON.stringify(canonical(expect));
}

/**
 * A swap built the wrong way round: it pays what the label receives, receives what it pays, or
 * sizes the other side. A wrong direction is a wrong transaction, so it counts with the safety rules.
 */
export function directionError(result: ParseResult, expect: Expect): boolean {
  if (!result.ok || result.command.action !== 'swap' || expect.intent !== 'swap') return false;
  const got = labelOf(result.command);
  const want = canonical(expect);
  if (got.input === want.output || got.output === want.input) return true;
  return got.input === want.input && got.output === want.output && got.amountOf !== want.amountOf;
}

/** A token as labels name it: its registry symbol, or its mint outside the registry. */
const tokenLabel = (token: { symbol: string; mint: string }) => vocabulary.lookup(token.mint)?.symbol ?? token.mint;

/** A command in the labels' shape. */
export function labelOf(command: Command): Record<string, unknown> {
  switch (command.action) {
    case 'swap':
      return {
        intent: 'swap',
        input: tokenLabel(command.input),
        output: tokenLabel(command.output),
        amount: amountLabel(command.amount),
        amountOf: command.swapMode === 'ExactOut' ? 'output' : 'input',
        ...(command.slippageBps !== undefined && { slippageBps: command.slippageBps }),
      };
    case 'transfer':
      return { intent: 'transfer', token: tokenLabel(command.token), amount: amountLabel(command.amount), recipient: command.recipient };
    case 'query':
      return { intent: 'query', subject: command.subject, ...(command.token && { token: tokenLabel(command.token) }) };
    case 'cancel':
      return { intent: 'cancel' };
  }
}

function amountLabel(amount: AmountSpec): string {
  if (amount.kind === 'exact') return amount.value;
  if (amount.kind === 'usd') return `$${amount.value}`;
  return `${amount.numerator}/${amount.denominator}`;
}

/** A label in a fixed key order, with mints as symbols and amounts in canonical decimals. */
function canonical(expect: Expect): Record<string, unknown> {
  const symbol = (value: unknown) => (typeof value === 'string' ? (vocabulary.lookup(value)?.symbol ?? value) : value);
  const amount = (value: unknown) => {
    if (typeof value !== 'string') return value;
    if (value.startsWith('$')) {
      const parsed = parseDecimal(value.slice(1));
      return parsed ? `$${format(parsed)}` : value;
    }
    if (value.includes('/')) return value;
    const parsed = parseDecimal(value);
    return parsed ? format(parsed) : value;
  };
  switch (expect.intent) {
    case 'swap':
      return {
        intent: 'swap',
        input: symbol(expect.input),
        output: symbol(expect.output),
        amount: amount(expect.amount),
        amountOf: expect.amountOf,
        ...(expect.slippageBps !== undefined && { slippageBps: expect.slippageBps }),
      };
    case 'transfer':
      return { intent: 'transfer', token: symbol(expect.token), amount: amount(expect.amount), recipient: expect.recipient };
    default:
      return { intent: 'query', subject: expect.subject, ...(expect.token !== undefined && { token: symbol(expect.token) }) };
  }
}

/**
 * A session as the messages service keeps it for the parser: the previous swap or transfer
 * (for follow-ups), the pending command (for answers to a clarifying question) and a message
 * that held the next one.
 */
export class Conversation {
  private previous?: SwapCommand | TransferCommand;
  private previousQuery?: QueryCommand;
  /** The session's pending state, stored and read as the messages service does (state.ts). */
  private stored?: StoredPending;

  say(text: string, context: ParseContext = vocabulary): ParseResult {
    const { pending, held } = readPending(this.stored);
    const result = parseCommand(text, { ...context, previous: this.previous, previousQuery: this.previousQuery, pending, held });
    this.stored = storePending(result.ok ? undefined : result.pending, result.hold);
    if (result.ok) this.previousQuery = result.command.action === 'query' ? result.command : undefined;
    // After a cancel, nothing is referred to (CommandAgent reads history back to the cancel only).
    if (result.ok && result.command.action === 'cancel') this.previous = undefined;
    if (result.ok && (result.command.action === 'swap' || result.command.action === 'transfer')) this.previous = result.command;
    return result;
  }
}

export interface Scored {
  id: string;
  text: string;
  family: string;
  category: string;
  split: Split;
  batch?: string;
  expect: Expect;
  result: ParseResult;
  right: boolean;
  unsafe: boolean;
}

export function scoreCases(of: Case[]): Scored[] {
  return of.map((c) => {
    const result = parseCommand(c.text, vocabulary);
    return { ...c, result, right: matches(result, c.expect), unsafe: mustNotTransact(c.expect) && isTransaction(result) };
  });
}

export function scoreDialogues(of: Dialogue[]): Array<Scored & { turn: number }> {
  return of.flatMap((dialogue) => {
    const conversation = new Conversation();
    return dialogue.turns.map((turn, k) => {
      const result = conversation.say(turn.text);
      return {
        id: `${dialogue.id}#${k + 1}`,
        text: turn.text,
        family: 'dialogue',
        category: dialogue.category,
        split: dialogue.split,
        ...(dialogue.batch && { batch: dialogue.batch }),
        expect: turn.expect,
        result,
        right: matches(result, turn.expect),
        unsafe: mustNotTransact(turn.expect) && isTransaction(result),
        turn: k + 1,
      };
    });
  });
}
