import { startApp } from './app/start';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('elemento #root ausente em index.html');

startApp(root);
