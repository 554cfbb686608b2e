import '../styles.css';

export default function AdminApp() {
  return <div data-remote="admin">AdminApp</div>;
}
