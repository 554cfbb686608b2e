import '../styles.css';

export default function CategoryNav() {
  return <div data-remote="catalog">CategoryNav</div>;
}
