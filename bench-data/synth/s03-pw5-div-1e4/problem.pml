/* Written by ltsym: the RERS Promela encoding of a parallel LTS system */

/* Actions (message types) */
mtype = { nop, c0_t1__c4_t4, c0_t4, c0_t0, c0_t2, c4_t9__c0_t3, c4_t8__c1_t2, c4_t0__c1_t0, c4_t5__c1_t1, c4_t7__c2_t2, c2_t0, c2_t1, c2_t3, c3_t2__c4_t3, c4_t2__c3_t1, c4_t1__c3_t0, c4_t10, c4_t6 };

/* Inter-process channels */
chan p4_0 = [0] of {mtype};
chan p4_1 = [0] of {mtype};
chan p4_2 = [0] of {mtype};
chan p4_3 = [0] of {mtype};

/* Environment<->process channels */
chan p0 = [0] of {mtype};
chan p1 = [0] of {mtype};
chan p2 = [0] of {mtype};
chan p3 = [0] of {mtype};
chan p4 = [0] of {mtype};

/* Environment process */
active proctype Environment()
{
  do
  :: p0 ! c0_t4
  :: p0 ! c0_t0
  :: p0 ! c0_t2
  :: p0 ! nop
  :: p1 ! nop
  :: p2 ! c2_t0
  :: p2 ! c2_t1
  :: p2 ! c2_t3
  :: p2 ! nop
  :: p3 ! nop
  :: p4 ! c4_t10
  :: p4 ! c4_t6
  :: p4 ! nop
  od
}

/* Action channel */
chan act = [0] of {mtype};

/* Most recent message event */
mtype lastAction = nop;

/* Action listener */
active proctype Listener()
{
  atomic {
    do
    :: act ? lastAction ->
  step: skip
    od
  }
}

/* Process 0 (component `component0`) */
active proctype Proc0()
{
  int state = 0;
  do
  :: state == 0 ->
    atomic {
      if
      :: p0 ? nop ->
        state = 1;
      fi
    }
  :: state == 1 ->
    atomic {
      if
      :: p4_0 ? c0_t1__c4_t4 ->
        act ! c0_t1__c4_t4;
        state = 18;
      :: p0 ? c0_t4 ->
        act ! c0_t4;
        state = 19;
      :: p0 ? c0_t0 ->
        act ! c0_t0;
        state = 2;
      fi
    }
  :: state == 2 ->
    atomic {
      if
      :: p0 ? c0_t0 ->
        act ! c0_t0;
        state = 3;
      fi
    }
  :: state == 3 ->
    atomic {
      if
      :: p4_0 ? c0_t1__c4_t4 ->
        act ! c0_t1__c4_t4;
        state = 18;
      :: p0 ? c0_t4 ->
        act ! c0_t4;
        state = 4;
      fi
    }
  :: state == 4 ->
    atomic {
      if
      :: p0 ? c0_t4 ->
        act ! c0_t4;
        state = 5;
      fi
    }
  :: state == 5 ->
    atomic {
      if
      :: p0 ? c0_t4 ->
        act ! c0_t4;
        state = 6;
      fi
    }
  :: state == 6 ->
    atomic {
      if
      :: p0 ? c0_t0 ->
        act ! c0_t0;
        state = 1;
      :: p0 ? c0_t2 ->
        act ! c0_t2;
        state = 7;
      fi
    }
  :: state == 7 ->
    atomic {
      if
      :: p4_0 ? c0_t1__c4_t4 ->
        act ! c0_t1__c4_t4;
        state = 11;
      :: p0 ? c0_t4 ->
        act ! c0_t4;
        state = 8;
      fi
    }
  :: state == 8 ->
    atomic {
      if
      :: p0 ? c0_t2 ->
        act ! c0_t2;
        state = 9;
      fi
    }
  :: state == 9 ->
    atomic {
      if
      :: p0 ? c0_t4 ->
        act ! c0_t4;
        state = 10;
      :: p4_0 ? c4_t9__c0_t3 ->
        act ! c4_t9__c0_t3;
        state = 8;
      fi
    }
  :: state == 10 ->
    atomic {
      if
      :: p0 ? c0_t4 ->
        act ! c0_t4;
        state = 11;
      :: p0 ? c0_t0 ->
        act ! c0_t0;
        state = 21;
      fi
    }
  :: state == 11 ->
    atomic {
      if
      :: p4_0 ? c0_t1__c4_t4 ->
        act ! c0_t1__c4_t4;
        state = 16;
      :: p0 ? c0_t4 ->
        act ! c0_t4;
        state = 12;
      :: p0 ? c0_t2 ->
        act ! c0_t2;
        state = 3;
      :: p4_0 ? c4_t9__c0_t3 ->
        act ! c4_t9__c0_t3;
        state = 10;
      :: p4_0 ? c4_t9__c0_t3 ->
        act ! c4_t9__c0_t3;
        state = 11;
      fi
    }
  :: state == 12 ->
    atomic {
      if
      :: p0 ? c0_t4 ->
        act ! c0_t4;
        state = 13;
      fi
    }
  :: state == 13 ->
    atomic {
      if
      :: p0 ? c0_t4 ->
        act ! c0_t4;
        state = 14;
      fi
    }
  :: state == 14 ->
    atomic {
      if
      :: p0 ? c0_t2 ->
        act ! c0_t2;
        state = 15;
      fi
    }
  :: state == 15 ->
    atomic {
      if
      :: p0 ? c0_t4 ->
        act ! c0_t4;
        state = 1;
      :: p0 ? c0_t4 ->
        act ! c0_t4;
        state = 15;
      :: p0 ? c0_t4 ->
        act ! c0_t4;
        state = 16;
      fi
    }
  :: state == 16 ->
    atomic {
      if
      :: p0 ? c0_t0 ->
        act ! c0_t0;
        state = 17;
      fi
    }
  :: state == 17 ->
    atomic {
      if
      :: p4_0 ? c0_t1__c4_t4 ->
        act ! c0_t1__c4_t4;
        state = 6;
      :: p0 ? c0_t4 ->
        act ! c0_t4;
        state = 18;
      fi
    }
  :: state == 18 ->
    atomic {
      if
      :: p0 ? c0_t4 ->
        act ! c0_t4;
        state = 12;
      :: p0 ? c0_t0 ->
        act ! c0_t0;
        state = 19;
      fi
    }
  :: state == 19 ->
    atomic {
      if
      :: p4_0 ? c0_t1__c4_t4 ->
        act ! c0_t1__c4_t4;
        state = 21;
      :: p0 ? c0_t4 ->
        act ! c0_t4;
        state = 20;
      fi
    }
  :: state == 20 ->
    atomic {
      if
      :: p0 ? c0_t4 ->
        act ! c0_t4;
        state = 13;
      :: p0 ? c0_t2 ->
        act ! c0_t2;
        state = 21;
      fi
    }
  :: state == 21 ->
    atomic {
      if
      :: p0 ? c0_t2 ->
        act ! c0_t2;
        state = 1;
      :: p0 ? c0_t2 ->
        act ! c0_t2;
        state = 18;
      :: p4_0 ? c4_t9__c0_t3 ->
        act ! c4_t9__c0_t3;
        state = 14;
      fi
    }
  od
}

/* Process 1 (component `component1`) */
active proctype Proc1()
{
  int state = 22;
  do
  :: state == 22 ->
    atomic {
      if
      :: p1 ? nop ->
        state = 23;
      fi
    }
  :: state == 23 ->
    atomic {
      if
      :: p4_1 ? c4_t8__c1_t2 ->
        act ! c4_t8__c1_t2;
        state = 24;
      :: p4_1 ? c4_t0__c1_t0 ->
        act ! c4_t0__c1_t0;
        state = 25;
      :: p4_1 ? c4_t5__c1_t1 ->
        act ! c4_t5__c1_t1;
        state = 26;
      fi
    }
  :: state == 24 ->
    atomic {
      if
      :: p4_1 ? c4_t0__c1_t0 ->
        act ! c4_t0__c1_t0;
        state = 24;
      :: p4_1 ? c4_t5__c1_t1 ->
        act ! c4_t5__c1_t1;
        state = 24;
      fi
    }
  :: state == 25 ->
    atomic {
      if
      :: p4_1 ? c4_t8__c1_t2 ->
        act ! c4_t8__c1_t2;
        state = 24;
      :: p4_1 ? c4_t0__c1_t0 ->
        act ! c4_t0__c1_t0;
        state = 25;
      :: p4_1 ? c4_t5__c1_t1 ->
        act ! c4_t5__c1_t1;
        state = 24;
      fi
    }
  :: state == 26 ->
    atomic {
      if
      :: p4_1 ? c4_t0__c1_t0 ->
        act ! c4_t0__c1_t0;
        state = 24;
      :: p4_1 ? c4_t5__c1_t1 ->
        act ! c4_t5__c1_t1;
        state = 26;
      fi
    }
  od
}

/* Process 2 (component `component2`) */
active proctype Proc2()
{
  int state = 27;
  do
  :: state == 27 ->
    atomic {
      if
      :: p2 ? nop ->
        state = 28;
      fi
    }
  :: state == 28 ->
    atomic {
      if
      :: p4_2 ? c4_t7__c2_t2 ->
        act ! c4_t7__c2_t2;
        state = 42;
      :: p4_2 ? c4_t7__c2_t2 ->
        act ! c4_t7__c2_t2;
        state = 48;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 29;
      fi
    }
  :: state == 29 ->
    atomic {
      if
      :: p2 ? c2_t1 ->
        act ! c2_t1;
        state = 30;
      fi
    }
  :: state == 30 ->
    atomic {
      if
      :: p2 ? c2_t1 ->
        act ! c2_t1;
        state = 31;
      fi
    }
  :: state == 31 ->
    atomic {
      if
      :: p4_2 ? c4_t7__c2_t2 ->
        act ! c4_t7__c2_t2;
        state = 42;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 32;
      fi
    }
  :: state == 32 ->
    atomic {
      if
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 37;
      :: p2 ? c2_t1 ->
        act ! c2_t1;
        state = 45;
      :: p2 ? c2_t3 ->
        act ! c2_t3;
        state = 33;
      fi
    }
  :: state == 33 ->
    atomic {
      if
      :: p2 ? c2_t3 ->
        act ! c2_t3;
        state = 34;
      fi
    }
  :: state == 34 ->
    atomic {
      if
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 35;
      fi
    }
  :: state == 35 ->
    atomic {
      if
      :: p2 ? c2_t3 ->
        act ! c2_t3;
        state = 36;
      :: p2 ? c2_t3 ->
        act ! c2_t3;
        state = 45;
      fi
    }
  :: state == 36 ->
    atomic {
      if
      :: p4_2 ? c4_t7__c2_t2 ->
        act ! c4_t7__c2_t2;
        state = 40;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 37;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 49;
      fi
    }
  :: state == 37 ->
    atomic {
      if
      :: p4_2 ? c4_t7__c2_t2 ->
        act ! c4_t7__c2_t2;
        state = 40;
      :: p4_2 ? c4_t7__c2_t2 ->
        act ! c4_t7__c2_t2;
        state = 42;
      :: p2 ? c2_t3 ->
        act ! c2_t3;
        state = 38;
      fi
    }
  :: state == 38 ->
    atomic {
      if
      :: p4_2 ? c4_t7__c2_t2 ->
        act ! c4_t7__c2_t2;
        state = 45;
      :: p4_2 ? c4_t7__c2_t2 ->
        act ! c4_t7__c2_t2;
        state = 46;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 34;
      :: p2 ? c2_t3 ->
        act ! c2_t3;
        state = 39;
      fi
    }
  :: state == 39 ->
    atomic {
      if
      :: p4_2 ? c4_t7__c2_t2 ->
        act ! c4_t7__c2_t2;
        state = 45;
      :: p2 ? c2_t1 ->
        act ! c2_t1;
        state = 40;
      fi
    }
  :: state == 40 ->
    atomic {
      if
      :: p2 ? c2_t3 ->
        act ! c2_t3;
        state = 41;
      fi
    }
  :: state == 41 ->
    atomic {
      if
      :: p2 ? c2_t3 ->
        act ! c2_t3;
        state = 42;
      fi
    }
  :: state == 42 ->
    atomic {
      if
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 43;
      fi
    }
  :: state == 43 ->
    atomic {
      if
      :: p4_2 ? c4_t7__c2_t2 ->
        act ! c4_t7__c2_t2;
        state = 41;
      :: p2 ? c2_t3 ->
        act ! c2_t3;
        state = 44;
      :: p2 ? c2_t3 ->
        act ! c2_t3;
        state = 47;
      fi
    }
  :: state == 44 ->
    atomic {
      if
      :: p4_2 ? c4_t7__c2_t2 ->
        act ! c4_t7__c2_t2;
        state = 40;
      :: p4_2 ? c4_t7__c2_t2 ->
        act ! c4_t7__c2_t2;
        state = 43;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 43;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 47;
      :: p2 ? c2_t3 ->
        act ! c2_t3;
        state = 45;
      fi
    }
  :: state == 45 ->
    atomic {
      if
      :: p2 ? c2_t3 ->
        act ! c2_t3;
        state = 46;
      fi
    }
  :: state == 46 ->
    atomic {
      if
      :: p2 ? c2_t3 ->
        act ! c2_t3;
        state = 43;
      :: p2 ? c2_t3 ->
        act ! c2_t3;
        state = 47;
      fi
    }
  :: state == 47 ->
    atomic {
      if
      :: p4_2 ? c4_t7__c2_t2 ->
        act ! c4_t7__c2_t2;
        state = 34;
      :: p2 ? c2_t3 ->
        act ! c2_t3;
        state = 48;
      fi
    }
  :: state == 48 ->
    atomic {
      if
      :: p4_2 ? c4_t7__c2_t2 ->
        act ! c4_t7__c2_t2;
        state = 32;
      :: p2 ? c2_t1 ->
        act ! c2_t1;
        state = 49;
      :: p2 ? c2_t3 ->
        act ! c2_t3;
        state = 45;
      fi
    }
  :: state == 49 ->
    atomic {
      if
      :: p4_2 ? c4_t7__c2_t2 ->
        act ! c4_t7__c2_t2;
        state = 37;
      :: p2 ? c2_t1 ->
        act ! c2_t1;
        state = 28;
      fi
    }
  od
}

/* Process 3 (component `component3`) */
active proctype Proc3()
{
  int state = 50;
  do
  :: state == 50 ->
    atomic {
      if
      :: p3 ? nop ->
        state = 51;
      fi
    }
  :: state == 51 ->
    atomic {
      if
      :: p4_3 ? c3_t2__c4_t3 ->
        act ! c3_t2__c4_t3;
        state = 52;
      :: p4_3 ? c4_t2__c3_t1 ->
        act ! c4_t2__c3_t1;
        state = 53;
      fi
    }
  :: state == 52 ->
    atomic {
      if
      :: p4_3 ? c3_t2__c4_t3 ->
        act ! c3_t2__c4_t3;
        state = 52;
      :: p4_3 ? c4_t2__c3_t1 ->
        act ! c4_t2__c3_t1;
        state = 54;
      fi
    }
  :: state == 53 ->
    atomic {
      if
      :: p4_3 ? c3_t2__c4_t3 ->
        act ! c3_t2__c4_t3;
        state = 53;
      :: p4_3 ? c4_t1__c3_t0 ->
        act ! c4_t1__c3_t0;
        state = 54;
      fi
    }
  :: state == 54 ->
    atomic {
      if
      :: p4_3 ? c3_t2__c4_t3 ->
        act ! c3_t2__c4_t3;
        state = 54;
      :: p4_3 ? c4_t2__c3_t1 ->
        act ! c4_t2__c3_t1;
        state = 54;
      :: p4_3 ? c4_t1__c3_t0 ->
        act ! c4_t1__c3_t0;
        state = 54;
      fi
    }
  od
}

/* Process 4 (component `component4`) */
active proctype Proc4()
{
  int state = 55;
  do
  :: state == 55 ->
    atomic {
      if
      :: p4 ? nop ->
        state = 56;
      fi
    }
  :: state == 56 ->
    atomic {
      if
      :: p4_0 ! c0_t1__c4_t4 ->
        state = 60;
      :: p4_0 ! c4_t9__c0_t3 ->
        state = 57;
      :: p4_0 ! c4_t9__c0_t3 ->
        state = 58;
      :: p4_1 ! c4_t0__c1_t0 ->
        state = 59;
      :: p4_2 ! c4_t7__c2_t2 ->
        state = 61;
      :: p4_3 ! c4_t1__c3_t0 ->
        state = 62;
      fi
    }
  :: state == 57 ->
    atomic {
      if
      :: p4_2 ! c4_t7__c2_t2 ->
        state = 63;
      :: p4_3 ! c3_t2__c4_t3 ->
        state = 57;
      :: p4 ? c4_t10 ->
        act ! c4_t10;
        state = 64;
      fi
    }
  :: state == 58 ->
    atomic {
      if
      :: p4_0 ! c4_t9__c0_t3 ->
        state = 65;
      fi
    }
  :: state == 59 ->
    atomic {
      if
      :: p4_1 ! c4_t0__c1_t0 ->
        state = 59;
      fi
    }
  :: state == 60 ->
    atomic {
      if
      :: p4_3 ! c3_t2__c4_t3 ->
        state = 66;
      fi
    }
  :: state == 61 ->
    atomic {
      if
      :: p4_0 ! c0_t1__c4_t4 ->
        state = 68;
      :: p4_1 ! c4_t8__c1_t2 ->
        state = 67;
      :: p4_3 ! c4_t2__c3_t1 ->
        state = 69;
      :: p4_3 ! c4_t2__c3_t1 ->
        state = 70;
      :: p4_3 ! c4_t1__c3_t0 ->
        state = 71;
      fi
    }
  :: state == 62 ->
    atomic {
      if
      :: p4_0 ! c4_t9__c0_t3 ->
        state = 72;
      :: p4_3 ! c3_t2__c4_t3 ->
        state = 72;
      fi
    }
  :: state == 63 ->
    atomic {
      if
      :: p4_1 ! c4_t5__c1_t1 ->
        state = 63;
      :: p4_2 ! c4_t7__c2_t2 ->
        state = 63;
      :: p4_3 ! c3_t2__c4_t3 ->
        state = 63;
      fi
    }
  :: state == 64 ->
    atomic {
      if
      :: p4_0 ! c4_t9__c0_t3 ->
        state = 64;
      :: p4_3 ! c3_t2__c4_t3 ->
        state = 64;
      :: p4_3 ! c4_t1__c3_t0 ->
        state = 66;
      fi
    }
  :: state == 65 ->
    atomic {
      if
      :: p4_1 ! c4_t5__c1_t1 ->
        state = 58;
      fi
    }
  :: state == 66 ->
    atomic {
      if
      :: p4_0 ! c0_t1__c4_t4 ->
        state = 60;
      fi
    }
  :: state == 67 ->
    atomic {
      if
      :: p4_1 ! c4_t8__c1_t2 ->
        state = 67;
      :: p4 ? c4_t6 ->
        act ! c4_t6;
        state = 67;
      fi
    }
  :: state == 69 ->
    atomic {
      if
      :: p4_3 ! c3_t2__c4_t3 ->
        state = 69;
      fi
    }
  :: state == 70 ->
    atomic {
      if
      :: p4_3 ! c3_t2__c4_t3 ->
        state = 70;
      fi
    }
  :: state == 71 ->
    atomic {
      if
      :: p4_3 ! c4_t1__c3_t0 ->
        state = 71;
      fi
    }
  :: state == 72 ->
    atomic {
      if
      :: p4_0 ! c4_t9__c0_t3 ->
        state = 72;
      fi
    }
  od
}
