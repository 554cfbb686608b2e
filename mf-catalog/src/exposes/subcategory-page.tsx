import '../styles.css';

export default function SubcategoryPage() {
  return <div data-remote="catalog">SubcategoryPage</div>;
}
