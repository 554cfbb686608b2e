import { describe, expect, it } from 'vitest';
import {
  categoryFormFromRow,
  emptyCategoryForm,
  REQUIRED_FIELDS_MESSAGE,
  renameCategory,
  toSaveCategoryArgs,
  validateCategoryForm,
  type CategoryFormValues,
} from './category-form';
import { addDraft, draftsFromRows, removeDraft, updateDraft } from './subcategory-drafts';

const valid: CategoryFormValues = {
  name: 'Water',
  slug: 'water',
  description: 'Filters and storage',
  image_url: 'https://example.com/water.jpg',
};

describe('validateCategoryForm', () => {
  it('accepts a complete category', () => {
    expect(validateCategoryForm(valid, [])).toEqual({ summary: null, fields: {}, subcategories: {} });
  });

  it('asks for name, slug, description and image URL', () => {
    const result = validateCategoryForm(emptyCategoryForm(), []);
    expect(result.summary).toBe(REQUIRED_FIELDS_MESSAGE);
    expect(result.fields).toEqual({
      name: 'Category name is required',
      slug: 'Slug is required',
      description: 'Description is required',
      image_url: 'Image URL is required',
    });
  });

  it('checks the image URL format', () => {
    const result = validateCategoryForm({ ...valid, image_url: 'water.jpg' }, []);
    expect(result.summary).toBe('Enter a valid URL (https://...)');
    expect(result.fields).toEqual({ image_url: 'Enter a valid URL (https://...)' });
  });

  it('needs a name and slug for each kept subcategory, but not for ones being deleted', () => {
    let drafts = addDraft(
      draftsFromRows([{ id: 'a', name: 'Filters', slug: 'filters', description: '' }]),
      'n1',
    );
    const result = validateCategoryForm(valid, drafts);
    expect(result.summary).toBe(REQUIRED_FIELDS_MESSAGE);
    expect(result.subcategories).toEqual({
      n1: { name: 'Subcategory name is required', slug: 'Subcategory slug is required' },
    });
    drafts = updateDraft(drafts, 'a', 'name', '');
    drafts = removeDraft(removeDraft(drafts, 'a'), 'n1');
    expect(validateCategoryForm(valid, drafts).summary).toBeNull();
  });

  it('refuses two kept subcategories with the same slug', () => {
    let drafts = addDraft(addDraft([], 'x'), 'y');
    drafts = updateDraft(drafts, 'x', 'name', 'Tabs');
    drafts = updateDraft(drafts, 'y', 'name', 'tabs');
    const result = validateCategoryForm(valid, drafts);
    expect(result.summary).toBe('Another subcategory uses this slug');
    expect(result.subcategories).toEqual({ y: { slug: 'Another subcategory uses this slug' } });
  });
});

describe('category form values', () => {
  it('renames with the automatic slug', () => {
    expect(renameCategory(emptyCategoryForm(), 'Food Storage')).toMatchObject({ slug: 'food-storage' });
    expect(renameCategory({ ...valid, slug: 'h2o' }, 'Water Supply').slug).toBe('h2o');
  });

  it('reads a row with a missing image as an empty field', () => {
    expect(categoryFormFromRow({ name: 'A', slug: 'a', description: 'd', image_url: null }).image_url).toBe(
      '',
    );
  });

  it('builds the admin_save_category arguments, trimmed, with null for an empty image', () => {
    const drafts = draftsFromRows([{ id: 'a', name: 'Filters', slug: 'filters', description: '' }]);
    expect(
      toSaveCategoryArgs(null, { ...valid, name: ' Water ', image_url: ' ' }, removeDraft(drafts, 'a')),
    ).toEqual({
      p_id: null,
      p_name: 'Water',
      p_slug: 'water',
      p_description: 'Filters and storage',
      p_image_url: null,
      p_subcategories: [{ id: 'a', name: 'Filters', slug: 'filters', description: '', _delete: true }],
    });
  });
});
