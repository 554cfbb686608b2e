import '../styles.css';

export default function CategoryPage() {
  return <div data-remote="catalog">CategoryPage</div>;
}
