/** The global enum options every enterprise starts with (an enterprise may define its own). */
export interface EnumSeed {
  enumName: string;
  value: string;
  labelZh: string;
  labelEn: string;
  groupZh?: string;
  groupEn?: string;
}

/** Spec section 3: four post groups with 15, 23, 23 and 15 sub-levels (`1_01` … `4_15`). */
const postLevelGroups = [15, 23, 23, 15] as const;

export const globalEnums: EnumSeed[] = [
  { enumName: 'sex', value: '1', labelZh: '男', labelEn: 'Male' },
  { enumName: 'sex', value: '2', labelZh: '女', labelEn: 'Female' },
  { enumName: 'userType', value: '1', labelZh: '普通用户', labelEn: 'Normal user' },
  { enumName: 'userType', value: '2', labelZh: '讲师', labelEn: 'Lecturer' },
  { enumName: 'userType', value: '3', labelZh: '组织', labelEn: 'Organisation' },
  ...postLevelGroups.flatMap((size, g) =>
    Array.from({ length: size }, (_, i): EnumSeed => {
      const group = g + 1;
      const level = String(i + 1).padStart(2, '0');
      return {
        enumName: 'postLevel',
        value: `${group}_${level}`,
        labelZh: `${group}岗-${level}`,
        labelEn: `Post ${group}-${level}`,
        groupZh: `${group}岗`,
        groupEn: `Post ${group}`,
      };
    }),
  ),
];
