import { SUPPLY_KIND_LABELS, SUPPLY_KINDS, type SupplyKind } from '@prepper/shared/kit';
import { FormSection, InputField, SelectField } from '../../../../components';
import { productTexts } from '../../texts';
import type { ProductSectionProps } from './types';

const t = productTexts.form;

/** The kit builder's facts: the kind, and for food and water how much one unit holds. */
export function KitSection({ values, errors, update }: ProductSectionProps) {
  return (
    <FormSection title={t.sections.kit}>
      <p className="text-sm text-slate-600">{t.kitIntro}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t.supplyKind}
          value={values.supply_kind}
          onChange={(event) => update('supply_kind', event.target.value as SupplyKind | '')}
        >
          <option value="">{t.noSupplyKind}</option>
          {SUPPLY_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {SUPPLY_KIND_LABELS[kind]}
            </option>
          ))}
        </SelectField>
        <InputField
          label={t.servings}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={values.servings_per_unit}
          error={errors.servings_per_unit}
          onChange={(event) => update('servings_per_unit', event.target.value)}
        />
        <InputField
          label={t.calories}
          hint={t.caloriesHint}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={values.calories_per_unit}
          error={errors.calories_per_unit}
          onChange={(event) => update('calories_per_unit', event.target.value)}
        />
        <InputField
          label={t.waterLitres}
          hint={t.waterLitresHint}
          type="number"
          inputMode="decimal"
          min={0.01}
          step={0.01}
          value={values.water_litres_per_unit}
          error={errors.water_litres_per_unit}
          onChange={(event) => update('water_litres_per_unit', event.target.value)}
        />
        <InputField
          label={t.personDays}
          hint={t.personDaysHint}
          type="number"
          inputMode="decimal"
          min={0.1}
          step={0.1}
          value={values.person_days_per_unit}
          error={errors.person_days_per_unit}
          onChange={(event) => update('person_days_per_unit', event.target.value)}
        />
      </div>
    </FormSection>
  );
}
