import '../styles.css';

export default function ProductsPage() {
  return <div data-remote="catalog">ProductsPage</div>;
}
