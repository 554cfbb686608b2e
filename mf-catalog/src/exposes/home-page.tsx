import '../styles.css';

export default function HomePage() {
  return <div data-remote="catalog">HomePage</div>;
}
