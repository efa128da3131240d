package compare

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// RefError is a reference program that broke the protocol: it could not
// start, exited or crashed before answering every point, answered a line
// that is no answer, answered too many lines, gave no answer within the
// point deadline, or wrote to its standard error.
type RefError struct{ Msg string }

func (e *RefError) Error() string { return e.Msg }

// process is a reference program, started once and fed batches of points;
// its process group is killed when it is done, so that nothing it started
// is left running.
type process struct {
	command string
	plan    *Plan
	enc     *encoder
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	out     *bufio.Reader
	stdout  *os.File
	submit  chan *batch
	pending chan *batch
	wait    time.Duration

	failed   chan struct{}
	failOnce sync.Once
	err      error
	answered atomic.Int64
	stderr   stderrTail
	exited   chan struct{}
	exitErr  error
	killed   atomic.Bool
	running  sync.WaitGroup
}

// stderrTail keeps the first bytes a program writes to its standard error.
type stderrTail struct {
	mu  sync.Mutex
	b   []byte
	any chan struct{}
	one sync.Once
}

func (s *stderrTail) Write(p []byte) (int, error) {
	s.mu.Lock()
	if len(s.b) < 2048 {
		s.b = append(s.b, p[:min(len(p), 2048-len(s.b))]...)
	}
	s.mu.Unlock()
	if len(p) > 0 {
		s.one.Do(func() { close(s.any) })
	}
	return len(p), nil
}

func (s *stderrTail) text() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return strings.TrimSpace(string(s.b))
}

// startProcess starts command (through the shell) for plan's points; wait
// is the longest a point's answer may take.
func startProcess(command string, plan *Plan, wait time.Duration) (*process, error) {
	p := &process{command: command, plan: plan, enc: newEncoder(plan), wait: wait,
		submit: make(chan *batch, 4), pending: make(chan *batch, 64),
		failed: make(chan struct{}), exited: make(chan struct{})}
	p.stderr.any = make(chan struct{})
	p.cmd = shellCommand(command)
	p.cmd.Stderr = &p.stderr
	var err error
	if p.stdin, err = p.cmd.StdinPipe(); err != nil {
		return nil, &RefError{Msg: fmt.Sprintf("reference %q: %v", command, err)}
	}
	// Its standard output is a pipe of our own, not StdoutPipe's, which
	// Wait would close under the last lines still to read.
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, &RefError{Msg: fmt.Sprintf("reference %q: %v", command, err)}
	}
	p.cmd.Stdout = pw
	p.out = bufio.NewReaderSize(pr, 64<<10)
	err = p.cmd.Start()
	pw.Close()
	if err != nil {
		pr.Close()
		return nil, &RefError{Msg: fmt.Sprintf("reference %q did not start: %v", command, err)}
	}
	p.stdout = pr
	go func() {
		p.exitErr = p.cmd.Wait()
		close(p.exited)
	}()
	go func() {
		select {
		case <-p.stderr.any:
			// A crash writes its message and exits: give it a moment,
			// so that its exit status is said too.
			select {
			case <-p.exited:
			case <-time.After(time.Second):
			}
			p.fail(errors.New("wrote to its standard error"))
		case <-p.exited:
		}
	}()
	p.running.Add(2)
	go p.write()
	go p.read()
	return p, nil
}

// fail records the first failure and kills the program.
func (p *process) fail(err error) {
	p.failOnce.Do(func() {
		p.err = err
		close(p.failed)
		p.kill()
		// Nothing more is read: a reader blocked on a pipe that something
		// outside the group still holds returns now.
		p.stdout.Close()
		p.stdin.Close()
	})
}

func (p *process) kill() {
	p.killed.Store(true)
	killGroup(p.cmd)
}

// write sends each batch submitted, a line a point, one write a batch.
func (p *process) write() {
	defer p.running.Done()
	defer close(p.pending)
	w := bufio.NewWriterSize(p.stdin, 64<<10)
	var buf []byte
	broken := false
	for b := range p.submit {
		buf = buf[:0]
		for i := range b.pts {
			buf = p.enc.append(buf, &b.pts[i])
		}
		select {
		case p.pending <- b:
		case <-p.failed:
		}
		// A program that stops reading has ended or will not answer:
		// read says which, from its output.
		if !broken {
			if _, err := w.Write(buf); err != nil || w.Flush() != nil {
				broken = true
			}
		}
	}
	_ = p.stdin.Close()
}

// read reads each batch's answers in order; a point whose answer takes
// longer than p.wait fails the program.
func (p *process) read() {
	defer p.running.Done()
	timer := time.AfterFunc(time.Hour, func() {
		p.fail(fmt.Errorf("gave no answer to point %d within %v (--point-timeout): it hangs, or it holds its answers back (flush the output after each answer, or when no more input is waiting)", p.answered.Load(), p.wait))
	})
	timer.Stop()
	for b := range p.pending {
		for i := range b.pts {
			timer.Reset(p.wait)
			line, err := readLine(p.out)
			timer.Stop()
			if err == errLongLine {
				p.fail(fmt.Errorf("answer line %d (point %d) is longer than %d bytes", p.answered.Load()+1, b.pts[i].N, maxLine))
				return
			}
			if err != nil && (len(line) == 0 || err != io.EOF) {
				p.fail(fmt.Errorf("ended its answers after %d points (%d points asked)", p.answered.Load(), p.answered.Load()+int64(len(b.pts)-i)))
				return
			}
			line = bytes.TrimSpace(line)
			if fastAnswerInto(p.plan, line, b.pts[i].N, &b.refs[i]) {
				p.answered.Add(1)
				continue
			}
			a, err := decodeGeneral(p.plan, line, b.pts[i].N)
			if err != nil {
				p.fail(fmt.Errorf("answer line %d (point %d) %v", p.answered.Load()+1, b.pts[i].N, err))
				return
			}
			b.refs[i] = a
			p.answered.Add(1)
		}
		b.finish()
	}
	// Every point answered and the standard input closed: the program
	// must end without another line.
	timer = time.AfterFunc(p.wait, func() {
		p.fail(fmt.Errorf("did not exit within %v after its standard input closed", p.wait))
	})
	defer timer.Stop()
	for {
		line, err := readLine(p.out)
		if len(bytes.TrimSpace(line)) > 0 {
			p.fail(fmt.Errorf("answered more lines than the %d points asked: %s", p.answered.Load(), quoteLine(bytes.TrimSpace(line))))
			return
		}
		if err != nil {
			return
		}
	}
}

// close ends the program: its standard input closed, its remaining output
// read, its exit awaited (at most the point deadline) and its process
// group killed. The error is the first failure, said in full.
func (p *process) close() error {
	close(p.submit)
	p.running.Wait()
	select {
	case <-p.exited:
	case <-time.After(p.wait):
		p.fail(fmt.Errorf("did not exit within %v after its standard input closed", p.wait))
	}
	killGroup(p.cmd)
	<-p.exited
	p.stdout.Close()
	// A program that wrote to its standard error and exited at once: say so.
	select {
	case <-p.stderr.any:
		p.fail(errors.New("wrote to its standard error"))
	default:
	}
	var exit *exec.ExitError
	exitedOwn := errors.As(p.exitErr, &exit) && exit.Exited()
	if exitedOwn {
		p.fail(fmt.Errorf("exited with status %d after answering every point", exit.ExitCode()))
	} else if p.exitErr != nil && !p.killed.Load() {
		p.fail(fmt.Errorf("ended: %v", p.exitErr))
	}
	if p.err == nil {
		return nil
	}
	msg := fmt.Sprintf("reference %q %v", p.command, p.err)
	if exitedOwn && !strings.Contains(msg, "exited with status") {
		msg += fmt.Sprintf("; it exited with status %d", exit.ExitCode())
	}
	if t := p.stderr.text(); t != "" {
		msg += "\n  its standard error: " + strings.ReplaceAll(t, "\n", "\n    ")
	}
	return &RefError{Msg: msg}
}

// abort kills the program at once (Ctrl-C, --timeout) and waits for it.
func (p *process) abort() {
	p.kill()
	close(p.submit)
	p.running.Wait()
	<-p.exited
	p.stdout.Close()
}

// maxLine bounds an answer line (and so the memory a reference can make
// hp17b hold).
const maxLine = 1 << 20

var errLongLine = errors.New("line too long")

// readLine reads a line up to '\n' (included), at most maxLine bytes; the
// line is valid until the next read.
func readLine(r *bufio.Reader) ([]byte, error) {
	line, err := r.ReadSlice('\n')
	if err != bufio.ErrBufferFull {
		return line, err
	}
	long := append([]byte(nil), line...)
	for err == bufio.ErrBufferFull {
		if len(long) > maxLine {
			return nil, errLongLine
		}
		line, err = r.ReadSlice('\n')
		long = append(long, line...)
	}
	if len(long) > maxLine {
		return nil, errLongLine
	}
	return long, err
}
