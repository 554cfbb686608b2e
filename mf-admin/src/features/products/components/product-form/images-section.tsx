import { FallbackImage } from '@prepper/shared/ui';
import type { RefObject } from 'react';
import { FormSection, ImageUploadField, InputField } from '../../../../components';
import type { FormUploads } from '../../../../hooks/use-form-uploads';
import { addImageUrl, type ProductFormValues } from '../../lib/product-form';
import { productTexts } from '../../texts';
import { ListEditor } from '../list-editor';
import type { ProductSectionProps } from './types';

const t = productTexts.form;

const addImage = (items: string[], input: string) => {
  const result = addImageUrl(items, input);
  return { items: result.error ? items : result.images, error: result.error };
};

/**
 * The main image (address or upload) with its preview, and the additional images. An upload that
 * replaces the main image lets the replaced upload go unless the form still names it.
 */
export function ImagesSection({
  values,
  errors,
  update,
  ownerId,
  uploads,
  latest,
  appendImage,
}: ProductSectionProps & {
  /** The product's id (a new product's chosen one), which its uploads are filed under. */
  ownerId: string;
  uploads: FormUploads;
  latest: RefObject<ProductFormValues>;
  /** Adds an uploaded additional image to the list as it is now. */
  appendImage: (url: string) => void;
}) {
  return (
    <FormSection title={t.sections.images}>
      <InputField
        label={t.mainImage}
        required
        type="url"
        placeholder="https://"
        value={values.image_url}
        error={errors.image_url}
        onChange={(event) => update('image_url', event.target.value)}
      />
      <ImageUploadField
        label={t.uploadMainImage}
        owner="products"
        ownerId={ownerId}
        onStored={uploads.uploaded}
        onUploaded={(url) => {
          const previous = latest.current.image_url;
          update('image_url', url);
          uploads.replaced(previous, latest.current.images);
        }}
      />
      <div>
        <h3 className="mb-2 text-sm font-medium text-slate-700">{t.additionalImages}</h3>
        <ListEditor
          items={values.images}
          onChange={(images) => update('images', images)}
          add={addImage}
          inputType="url"
          inputLabel={t.additionalImage}
          placeholder="https://"
          addLabel={t.addImage}
          removeLabel={t.removeImage}
          emptyText={t.noImages}
        />
        <ImageUploadField
          label={t.uploadAdditionalImage}
          className="mt-4"
          owner="products"
          ownerId={ownerId}
          onStored={uploads.uploaded}
          onUploaded={appendImage}
        />
      </div>
      {values.image_url.trim() ? (
        <div>
          <h3 className="mb-2 text-sm font-medium text-slate-700">{t.preview}</h3>
          <FallbackImage
            src={values.image_url.trim()}
            alt={t.previewAlt}
            className="h-48 w-48 rounded-lg border border-slate-200 object-cover"
          />
        </div>
      ) : null}
    </FormSection>
  );
}
