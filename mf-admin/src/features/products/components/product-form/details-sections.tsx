import { FormSection } from '../../../../components';
import { addListItem } from '../../lib/list-items';
import { productTexts } from '../../texts';
import { ListEditor } from '../list-editor';
import { SpecificationsEditor } from '../specifications-editor';
import type { ProductSectionProps } from './types';

const t = productTexts.form;

const addUnique = (items: string[], input: string) => ({
  items: addListItem(items, input, { unique: true }),
  error: null,
});
const addAny = (items: string[], input: string) => ({
  items: addListItem(items, input, { unique: false }),
  error: null,
});

/** Features (repeats allowed), specifications and tags (each once). */
export function DetailsSections({ values, update }: Omit<ProductSectionProps, 'errors'>) {
  return (
    <>
      <FormSection title={t.sections.features}>
        <ListEditor
          items={values.features}
          onChange={(features) => update('features', features)}
          add={addAny}
          inputLabel={t.feature}
          addLabel={t.addFeature}
          removeLabel={t.removeFeature}
          emptyText={t.noFeatures}
        />
      </FormSection>

      <FormSection title={t.sections.specifications}>
        <SpecificationsEditor
          value={values.specifications}
          onChange={(specifications) => update('specifications', specifications)}
        />
      </FormSection>

      <FormSection title={t.sections.tags}>
        <ListEditor
          items={values.tags}
          onChange={(tags) => update('tags', tags)}
          add={addUnique}
          inputLabel={t.tag}
          addLabel={t.addTag}
          removeLabel={t.removeTag}
          emptyText={t.noTags}
          layout="chips"
        />
      </FormSection>
    </>
  );
}
