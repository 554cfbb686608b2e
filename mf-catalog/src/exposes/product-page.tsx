import '../styles.css';

export default function ProductPage() {
  return <div data-remote="catalog">ProductPage</div>;
}
